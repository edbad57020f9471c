/** Puts values into a dictionary template: "{count} pages" with { count: 3 }. Unknown keys stay as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
