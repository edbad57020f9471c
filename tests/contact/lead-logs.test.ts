// Guards the visitor's privacy in the logs: on every failure path of a message (the send throws,
// the store fails after the save while claiming or marking it sent, a retry batch fails) the log
// says what failed and never anything of the message, even when the error itself quotes it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { platform } from "@/lib/config";
import { deliverLead, retryDue } from "@/lib/contact/deliver";
import type { Lead } from "@/lib/contact/lead";
import { submitLead } from "@/lib/contact/send";
import { type ContactStore, memoryContactStore } from "@/lib/contact/store";
import type { LeadTransport } from "@/lib/contact/transports";
import { lead as leadOf } from "./lead-fixtures";

const MARKERS = {
  name: "Zebulon Quandary",
  email: "zq-private@example.org",
  phone: "+1 555 0100 999",
  message: "secret-plan-marker for the bakery",
  summary: "summary-marker of the run",
};
const lead: Lead = leadOf(1, MARKERS);
const { id: _id, ...newLead } = lead;

/** An error that quotes the whole message, as a provider echoing its input might. */
const quoting = () => new Error(`upstream refused ${JSON.stringify(lead)}`);

const logged: string[] = [];
beforeEach(() => {
  logged.length = 0;
  for (const method of ["error", "warn", "log", "info", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? `${arg.stack}` : String(arg))).join(" "));
    });
  }
  vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
  vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
  vi.stubEnv("TRUSTED_IP_HEADER", "x-real-ip");
});
afterEach(() => vi.restoreAllMocks());

function expectNothingOfTheLead() {
  const text = logged.join("\n");
  expect(logged.length, "the failure should be logged").toBeGreaterThan(0);
  for (const [field, value] of Object.entries(MARKERS)) expect(text, field).not.toContain(value);
}

const throwing: LeadTransport = {
  kind: "email",
  send: async () => {
    throw quoting();
  },
};
const working: LeadTransport = { kind: "email", send: async () => {} };

/** The memory store with one step replaced by a failure that quotes the message. */
function failingAt(step: "claim" | "markSent" | "markFailed" | "due"): ContactStore {
  const store = memoryContactStore();
  return {
    ...store,
    [step]: async () => {
      throw quoting();
    },
  };
}

const headers = new Headers({ "x-real-ip": "203.0.113.77" });

describe("nothing of a message in any log", () => {
  it("when the send throws with the message in its error", async () => {
    const store = memoryContactStore();
    expect(await submitLead(newLead, "", headers, platform(), { transport: throwing, store })).toBe("saved");
    expectNothingOfTheLead();
  });

  for (const step of ["claim", "markSent"] as const) {
    it(`when the store fails after the save (${step})`, async () => {
      const store = failingAt(step);
      expect(await submitLead(newLead, "", headers, platform(), { transport: working, store })).toBe("saved");
      expectNothingOfTheLead();
    });
  }

  it("when the send and then the store fail (markFailed)", async () => {
    const store = failingAt("markFailed");
    expect(await submitLead(newLead, "", headers, platform(), { transport: throwing, store })).toBe("saved");
    expectNothingOfTheLead();
  });

  it("when a retry batch fails, or one of its sends does", async () => {
    expect(await retryDue({ store: failingAt("due"), transport: working })).toEqual([]);
    const store = memoryContactStore();
    await store.save(lead, { ipHash: "h", day: "d", expireAtMs: Date.now() + 60_000 }, Date.now());
    expect(await deliverLead(lead.id, { store, transport: throwing })).toBe("failed");
    expectNothingOfTheLead();
  });
});
