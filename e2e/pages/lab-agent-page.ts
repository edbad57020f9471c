import { randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";

/** A visitor address of its own for each test, so runs in parallel never share a quota bucket. */
export function visitorIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * The headers that make a request come from `ip` on both runtimes: the Worker reads
 * `CF-Connecting-IP` (Cloudflare sets it in production; workerd takes it from the request
 * locally), `next start` reads `x-real-ip` (the e2e server's `TRUSTED_IP_HEADER`).
 */
export function visitorHeaders(ip: string): Record<string, string> {
  return { "cf-connecting-ip": ip, "x-real-ip": ip };
}

/**
 * The Lab agent page. Each page gets its own visitor IP, since both local servers keep the quota
 * in memory per IP, with a burst limit of 3 runs a minute that parallel tests on one IP would trip.
 */
export class LabAgentPage {
  readonly copy;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
    readonly ip = visitorIp(),
  ) {
    this.copy = getDictionary(locale).agent.console;
  }

  async open() {
    // Registered first, so a test's own route for the API can `fallback()` to it.
    await this.page.route("**/api/agent", (route) =>
      route.fallback({ headers: { ...route.request().headers(), ...visitorHeaders(this.ip) } }),
    );
    const response = await this.page.goto(paths.labPage(this.locale, "agent"));
    expect(response?.status()).toBe(200);
    // The console hydrates when the visitor reaches for it (`HydrateOnIntent`); Run is enabled then.
    await this.page.locator("[data-hydrate-on-intent]").hover();
    await expect(this.run).toBeEnabled();
    return this;
  }

  /**
   * Holds one run of the page in flight (the first, or the `nth`): call before `open()`. The page's
   * `fetch` of `/api/agent` passes that response on one event at a time and stops after the first
   * event of the plan's text, until a Stop ends the held body as an abort, as the network would.
   * The server answers at its own pace; the page sees a run still arriving. Other runs pass through.
   */
  async holdRun(nth = 1): Promise<void> {
    await this.page.addInitScript((held) => {
      const realFetch = window.fetch.bind(window);
      let runs = 0;
      window.fetch = async (input, init) => {
        const response = await realFetch(input, init);
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (!url.endsWith("/api/agent") || !response.body) return response;
        runs += 1;
        if (runs !== held) return response;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const encoder = new TextEncoder();
        let buffered = "";
        let holding = false;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            init?.signal?.addEventListener("abort", () =>
              controller.error(new DOMException("The run was stopped.", "AbortError")),
            );
          },
          async pull(controller) {
            // Held: this read never ends; only the abort above ends the body.
            if (holding) await new Promise<never>(() => {});
            for (;;) {
              const end = buffered.indexOf("\n\n");
              if (end >= 0) {
                const event = buffered.slice(0, end + 2);
                buffered = buffered.slice(end + 2);
                controller.enqueue(encoder.encode(event));
                if (event.includes('"type":"text-delta"')) holding = true;
                return;
              }
              const { done, value } = await reader.read();
              if (done) {
                if (buffered) controller.enqueue(encoder.encode(buffered));
                controller.close();
                return;
              }
              buffered += decoder.decode(value, { stream: true });
            }
          },
          cancel: (reason) => reader.cancel(reason),
        });
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      };
    }, nth);
  }

  get goal() {
    return this.page.getByRole("textbox", { name: this.copy.goal });
  }

  get run() {
    return this.page.getByTestId("agent-run");
  }

  get stop() {
    return this.page.getByTestId("agent-stop");
  }

  get steps() {
    return this.page.getByTestId("agent-step");
  }

  get tools() {
    return this.page.getByTestId("agent-tool");
  }

  tool(name: string) {
    return this.page.locator(`[data-testid="agent-tool"][data-tool="${name}"]`);
  }

  get answer() {
    return this.page.getByTestId("agent-answer");
  }

  get nextStep() {
    return this.page.getByTestId("agent-next-step");
  }

  get notice() {
    return this.page.getByTestId("agent-notice");
  }

  get meter() {
    return this.page.getByTestId("agent-meter");
  }

  /** The meter's place on the page (not in the viewport, which scrolls when focus moves). */
  async meterBox() {
    return this.meter.evaluate((meter) => {
      const box = meter.getBoundingClientRect();
      return { top: box.top + window.scrollY, left: box.left, width: box.width, height: box.height };
    });
  }

  meterValue(name: "model-calls" | "tool-calls" | "tokens" | "reason" | "model" | "usage" | "neurons" | "units") {
    const bar = ["model-calls", "tool-calls", "tokens"].includes(name);
    return bar
      ? this.page.getByTestId(`agent-meter-${name}`).getByTestId("agent-meter-value")
      : this.page.getByTestId(`agent-meter-${name}`);
  }

  async useExample(index: number) {
    const example = this.copy.exampleGoals[index];
    if (!example) throw new Error(`no example goal ${index}`);
    await this.page.getByRole("button", { name: example }).click();
    await expect(this.goal).toHaveValue(example);
    return example;
  }

  async start(goal?: string) {
    if (goal !== undefined) await this.goal.fill(goal);
    await this.run.click();
  }

  /** Waits for the run to end on its own, with its reason in the meter. */
  async finished() {
    await expect(this.meterValue("reason")).not.toHaveText(this.copy.meter.pending, { timeout: 20_000 });
    await expect(this.run).toBeEnabled();
  }

  /** The tools the timeline shows, in order. */
  async toolOrder(): Promise<string[]> {
    return this.tools.evaluateAll((cards) => cards.map((card) => card.getAttribute("data-tool") ?? ""));
  }
}
