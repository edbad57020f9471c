import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

// Where wrangler's miniflare writes each simulated email's text: <project>/.wrangler/tmp/email/<session>/email-text/<id>.txt
export const EMAIL_ROOT = path.resolve(import.meta.dirname, "../.wrangler/tmp/email");

/** Every simulated email's text whose text holds `marker`, by its message id (the file's name). */
export async function simulatedEmailsWith(marker: string): Promise<{ id: string; text: string }[]> {
  const found: { id: string; text: string }[] = [];
  let files: string[] = [];
  try {
    files = (await readdir(EMAIL_ROOT, { recursive: true })).filter((file) => /email-text\/[^/]+\.txt$/.test(file));
  } catch {
    return found;
  }
  for (const file of files) {
    const text = await readFile(path.join(EMAIL_ROOT, file), "utf8");
    if (text.includes(marker)) found.push({ id: path.basename(file, ".txt"), text });
  }
  return found;
}

/**
 * The simulated email whose text holds `marker`: its text as wrangler wrote it to disk, and its
 * headers as the local binding recorded them (wrangler's local explorer API), matched by the
 * message id that names the file.
 */
export async function simulatedEmail(baseURL: string, marker: string) {
  let found: { id: string; text: string } | undefined;
  await expect(async () => {
    found = (await simulatedEmailsWith(marker)).at(-1);
    expect(found, `no email file under ${EMAIL_ROOT} holds ${marker}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  const { id, text } = found as { id: string; text: string };
  const response = await fetch(
    `${baseURL}/cdn-cgi/local/explorer/api/local/email/sending?email_id=${encodeURIComponent(`<${id}>`)}`,
  );
  expect(response.ok).toBe(true);
  const { result } = (await response.json()) as { result: { subject: string; replyTo?: string; to: string[] } };
  return { text, ...result };
}
