import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { withoutInvisible } from "@/lib/text/visible";

// Blocks whose children are read as lines of their own; in any other node they run on.
const BLOCKS = new Set(["root", "blockquote", "list", "listItem", "table", "tableRow"]);

/**
 * An answer's Markdown as the visitor reads it on the page (react-markdown, raw HTML skipped):
 * character references and backslash escapes resolved, emphasis and link syntax gone, an image as
 * its alt text, and characters that take no room removed. The amounts check reads this, so
 * "5&#46;500&#46;000" is the 5.500.000 the page shows, and the warning quotes it that way (its
 * spelling in other code points, fullwidth or another script's digits, is `asRead`'s).
 */
export function renderedText(markdown: string): string {
  // Every text is read without its invisible characters (bidi controls among them): a figure or a
  // link cut by one reads whole on the page. Only the Markdown parse is skipped when nothing in the
  // text is Markdown; a character reference can spell an invisible character, so its result is read
  // the same way.
  const text = withoutInvisible(markdown);
  if (!/[&\\*_`[<!#>]/.test(text)) return text;
  return withoutInvisible(textOf(fromMarkdown(text)));
}

function textOf(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
    case "code":
      return node.value;
    case "image":
    case "imageReference":
      return node.alt ?? "";
    case "html":
    case "definition":
      return "";
    case "break":
      return "\n";
    default:
      if (!("children" in node)) return "";
      return node.children.map((child) => textOf(child as Nodes)).join(BLOCKS.has(node.type) ? "\n" : "");
  }
}
