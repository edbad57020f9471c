import { describe, expect, it } from "vitest";
import { suggestNextStep } from "@/lib/agent/tools/suggest-next-step";
import { composeLeadEmail } from "@/lib/contact/compose";
import {
  contactPathWith,
  LeadContextError,
  parseLeadContext,
  quoteLead,
  readLeadContext,
} from "@/lib/contact/lead-context";
import { submitLead } from "@/lib/contact/send";
import { memoryContactStore } from "@/lib/contact/store";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { memoryRecordStore, newRunId } from "@/lib/lab/records";
import { studioPaths } from "@/lib/lab-view/paths";
import { platformFrom } from "@/lib/platform";
import { readPlatformSettings } from "@/lib/platform/settings";
import { agentRecord } from "@/tests/lab/records/record-fixtures";
import { lead } from "./lead-fixtures";

// Guards the link between a lead and the agent run it came from: the agent's contact and WhatsApp
// steps carry the run's id (never an amount), the form keeps only an id of a run id's shape (a
// hand-made one is refused), and the stored lead's run learns the lead's id.

const locale = LOCALES[0];
const service = SITE.services[0];
if (!service) throw new Error("the studio has no service");

describe("the agent's next steps", () => {
  it("carry the run's id in the contact link and the WhatsApp greeting", () => {
    const runId = newRunId();
    const contact = suggestNextStep("contact", service.id, [], { locale, goal: "a site", runId });
    expect(contact).toMatchObject({ ok: true, kind: "contact" });
    const query = new URL((contact as { path: string }).path, "https://site.example").searchParams;
    expect(query.get("run")).toBe(runId);
    const whatsapp = suggestNextStep("whatsapp", service.id, [], { locale, goal: "a site", runId });
    const text = new URL((whatsapp as { path: string }).path).searchParams.get("text") ?? "";
    expect(text).toContain(runId);
    // Without a run (the calculator's link), nothing changes.
    const plain = suggestNextStep("contact", service.id, [], { locale, goal: "a site" });
    expect((plain as { path: string }).path).not.toContain("run=");
  });
});

describe("the calculator the agent sends a visitor to", () => {
  it("carries the run and the goal to its own contact link, and the email links the run", () => {
    const runId = newRunId();
    const quote = suggestNextStep("quote", service.id, [], { locale, goal: "a site for my bakery", runId });
    const address = new URL((quote as { path: string }).path, "https://site.example");
    expect(address.searchParams.get("run")).toBe(runId);
    expect(address.searchParams.get("goal")).toBe("a site for my bakery");
    // The calculator page reads them as a contact link's are, and its "let's talk" carries them.
    const carried = quoteLead({ run: address.searchParams.get("run") ?? "", goal: "a site for my bakery" });
    expect(carried).toEqual({ runId, goal: "a site for my bakery" });
    expect(quoteLead({ run: "../inbox", goal: "" })).toEqual({});
    const talk = contactPathWith("/contact", { source: "quote", serviceId: service.id, extraIds: [], ...carried });
    const { context } = readLeadContext(Object.fromEntries(new URL(talk, "https://site.example").searchParams));
    expect(context).toMatchObject({ source: "quote", runId, goal: "a site for my bakery" });
    // The studio's email names the run, on the inbox's origin.
    const email = composeLeadEmail(lead(1, { context }), "https://studio.example/x/inbox", locale);
    expect(email.text).toContain(`https://studio.example${studioPaths.run(locale, runId)}`);
  });
});

describe("the contact form's run id", () => {
  it("is read from an agent's or its calculator's link, and only in a run id's shape", () => {
    const runId = newRunId();
    expect(readLeadContext({ from: "agent", run: runId }).context?.runId).toBe(runId);
    for (const hostile of ["../../inbox", `${runId}x`, "<script>", ""]) {
      expect(readLeadContext({ from: "agent", run: hostile }).context?.runId).toBeUndefined();
    }
    // Through the calculator the agent sent the visitor to, the run goes on to the form.
    expect(readLeadContext({ from: "quote", run: runId }).context?.runId).toBe(runId);
  });

  it("is refused when the posted form carries one made by hand", () => {
    const runId = newRunId();
    expect(parseLeadContext({ from: "agent", run: runId })?.context.runId).toBe(runId);
    expect(parseLeadContext({ from: "quote", run: runId })?.context.runId).toBe(runId);
    for (const query of [{ from: "agent", run: "not-an-id" }, { from: "quote", run: "../inbox" }, { run: runId }]) {
      expect(() => parseLeadContext(query)).toThrow(LeadContextError);
    }
  });
});

describe("a lead from a run", () => {
  it("is kept with its run's id, and the run learns the lead's", async () => {
    const lab = platformFrom(
      readPlatformSettings({ QUOTA_STORE: "memory", TRUSTED_IP_HEADER: "x-real-ip" }, false, { workers: false }),
    );
    const store = memoryContactStore();
    const records = memoryRecordStore();
    const run = agentRecord();
    await records.put(run);
    const lead = {
      name: "Ada",
      email: "ada@example.com",
      phone: "",
      message: "I would like to talk about it.",
      summary: "",
      locale,
      receivedAt: new Date().toISOString(),
      context: { source: "agent" as const, extraIds: [], runId: run.id },
      estimate: null,
    };
    const headers = new Headers({ "x-real-ip": "192.0.2.200" });
    const submission = crypto.randomUUID();
    expect(await submitLead(lead, submission, headers, lab, { transport: null, store, records })).toBe("saved");
    const [kept] = store.leads();
    expect(kept?.context?.runId).toBe(run.id);
    expect((await records.get(run.id))?.leadId).toBe(kept?.id);
    // The same form posted again: one lead, one link.
    await submitLead(lead, submission, headers, lab, { transport: null, store, records });
    expect(store.leads()).toHaveLength(1);
    expect((await records.get(run.id))?.leadId).toBe(kept?.id);
  });

  it("is kept even when the run's records can't be reached", async () => {
    const lab = platformFrom(
      readPlatformSettings({ QUOTA_STORE: "memory", TRUSTED_IP_HEADER: "x-real-ip" }, false, { workers: false }),
    );
    const store = memoryContactStore();
    const records = { ...memoryRecordStore(), linkLead: () => Promise.reject(new Error("down")) };
    const lead = {
      name: "Grace",
      email: "grace@example.com",
      phone: "",
      message: "Please call me back.",
      summary: "",
      locale,
      receivedAt: new Date().toISOString(),
      context: { source: "agent" as const, extraIds: [], runId: newRunId() },
      estimate: null,
    };
    const headers = new Headers({ "x-real-ip": "192.0.2.201" });
    expect(await submitLead(lead, crypto.randomUUID(), headers, lab, { transport: null, store, records })).toBe(
      "saved",
    );
    expect(store.leads()).toHaveLength(1);
  });
});
