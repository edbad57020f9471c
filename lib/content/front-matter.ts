import YAML from "yaml";

/**
 * A Markdown file's YAML front matter (between two `---` lines at its top) and its body. A file
 * with none has empty data, which the content schemas then report field by field.
 */
export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const text = source.replace(/^\uFEFF/, "");
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") return { data: {}, body: text };
  const end = lines.findIndex((line, index) => index > 0 && line.trimEnd() === "---");
  if (end === -1) throw new Error("the front matter's opening --- has no closing --- line");
  const data: unknown = YAML.parse(lines.slice(1, end).join("\n"));
  return { data: data ?? {}, body: lines.slice(end + 1).join("\n") };
}
