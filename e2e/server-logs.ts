import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * The e2e servers write here (one file each), not into the test output: many passing tests make
 * a server log on purpose (a malformed URL, a missing image, a store that isn't configured), and
 * those lines read as failures. A failing test prints what the servers wrote while it ran, and a
 * run that fails without a failing test (a server that would not start) prints their last lines.
 */
export const SERVER_LOG_DIR = ".e2e-logs";

/** `command`, with its output going to its own log file (the shell truncates it at each start). */
export function logTo(name: string, command: string): string {
  return `${command} > ${path.join(SERVER_LOG_DIR, `${name}.log`)} 2>&1`;
}

type Offsets = Map<string, number>;

function logFiles(): string[] {
  if (!existsSync(SERVER_LOG_DIR)) return [];
  return readdirSync(SERVER_LOG_DIR)
    .filter((name) => name.endsWith(".log"))
    .map((name) => path.join(SERVER_LOG_DIR, name));
}

function sizes(): Offsets {
  return new Map(logFiles().map((file) => [file, statSync(file).size]));
}

function read(file: string, from: number): string {
  const size = statSync(file).size;
  if (size <= from) return "";
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

function indent(name: string, text: string): string {
  return `  ${path.basename(name, ".log")}:\n${text
    .trimEnd()
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n")}`;
}

export default class ServerLogs implements Reporter {
  private readonly started = new Map<string, Offsets>();
  private failures = 0;

  onTestBegin(test: TestCase): void {
    this.started.set(test.id, sizes());
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const from = this.started.get(test.id);
    this.started.delete(test.id);
    if (result.status === test.expectedStatus || !from) return;
    this.failures += 1;
    // Other tests run beside it: these are all the servers wrote in the meantime, theirs included.
    const written = logFiles()
      .map((file) => [file, read(file, from.get(file) ?? 0)] as const)
      .filter(([, text]) => text.trim() !== "");
    if (written.length === 0) return;
    console.log(`\nWhat the servers wrote while "${test.titlePath().slice(1).join(" › ")}" ran:`);
    for (const [file, text] of written) console.log(indent(file, text));
  }

  onEnd(result: FullResult): void {
    if (result.status === "passed" || this.failures > 0) return;
    for (const file of logFiles()) {
      const text = read(file, 0).trimEnd().split("\n").slice(-40).join("\n");
      if (text) console.log(`\nThe last lines of ${file}:\n${indent(file, text)}`);
    }
  }
}
