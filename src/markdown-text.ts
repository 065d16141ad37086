// Text for generated markdown pages (the rule pages, the command and node references), and the
// anchor GitHub and npm give a heading: one spelling for every generator and for the link test.

/** Prose: `<dir>` would be read as an HTML tag and vanish. */
export function markdownText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A table cell: prose on one line, its pipes escaped. */
export function markdownCell(text: string | undefined): string {
  return markdownText(text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The anchor of a heading's plain text: lower case, all but letters, digits, spaces, `-` and `_` dropped, spaces to `-`. */
export function markdownAnchor(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}
