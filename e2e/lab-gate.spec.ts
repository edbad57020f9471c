import { expect, test } from "@playwright/test";
import { visitorIp } from "./pages/lab-agent-page";
import { DEFAULT_LOCALE } from "./studio";

// Guards the gate in front of the Lab's quota on the runtime itself: another site's request and a
// body that isn't JSON are refused before anything is spent, and the visitor is the one the
// runtime trusts: CF-Connecting-IP on the Worker, the configured TRUSTED_IP_HEADER (x-real-ip)
// on next start. A header the runtime doesn't trust can't buy a fresh quota bucket.

const GOAL = { goal: "A landing page", locale: DEFAULT_LOCALE };

test("another site's request gets 403 and a text/plain body 415, each with its code", async ({ request }) => {
  const ip = visitorIp();
  const headers = { "cf-connecting-ip": ip, "x-real-ip": ip };
  const crossSite = await request.post("/api/agent", {
    data: GOAL,
    headers: { ...headers, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toMatchObject({ error: { code: "forbidden_origin" } });
  const plain = await request.post("/api/agent", {
    data: JSON.stringify(GOAL),
    headers: { ...headers, "content-type": "text/plain" },
  });
  expect(plain.status()).toBe(415);
  expect(await plain.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
  // Neither spent a run of this visitor's burst of 3 a minute.
  for (let run = 0; run < 3; run++) {
    const response = await request.post("/api/agent", { data: GOAL, headers });
    expect(response.status()).toBe(200);
    await response.body();
  }
});

test("the visitor is the IP the runtime trusts; other headers buy no fresh bucket", async ({ request }, testInfo) => {
  const onWorker = testInfo.project.metadata.runtime === "workerd";
  const [trusted, ignored] = onWorker ? ["cf-connecting-ip", "x-real-ip"] : ["x-real-ip", "cf-connecting-ip"];
  // The burst window is the clock's minute: keep the four runs in one.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 250));
  const visitor = visitorIp();
  const statuses: number[] = [];
  for (let run = 0; run < 4; run++) {
    const response = await request.post("/api/agent", {
      data: GOAL,
      headers: { [trusted]: visitor, [ignored]: visitorIp() },
    });
    statuses.push(response.status());
    await response.body();
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
  const another = await request.post("/api/agent", { data: GOAL, headers: { [trusted]: visitorIp() } });
  expect(another.status()).toBe(200);
  await another.body();
});
