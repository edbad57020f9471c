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
    // Run is enabled once the console has hydrated.
    await expect(this.run).toBeEnabled();
    return this;
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
