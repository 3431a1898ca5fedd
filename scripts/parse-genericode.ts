export interface GenericodeList {
  shortName: string;
  canonicalVersionUri: string;
  rows: ReadonlyArray<Readonly<Record<string, string>>>;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function parseGenericode(xml: string): GenericodeList {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '');
  const rows = [...text.matchAll(/<Row>([\s\S]*?)<\/Row>/g)].map((row) => parseRow(row[1]));
  return {
    shortName: firstTagText(text, 'ShortName'),
    canonicalVersionUri: firstTagText(text, 'CanonicalVersionUri'),
    rows,
  };
}

function parseRow(rowXml: string): Record<string, string> {
  const values: Record<string, string> = {};
  const valuePattern = /<Value\s+ColumnRef="([^"]+)"\s*>\s*<SimpleValue>([\s\S]*?)<\/SimpleValue>\s*<\/Value>/g;
  for (const [, column, raw] of rowXml.matchAll(valuePattern)) values[column] = decodeXml(raw).trim();
  return values;
}

function firstTagText(xml: string, tag: string): string {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? decodeXml(match[1]).trim() : '';
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? entity;
  });
}
