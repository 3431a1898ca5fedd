import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { RenderedMessage, RenderRequest, TemplateRenderer } from '../../application/ports/template-renderer.ts';
import { DESIGNS, TEMPLATE_SLUGS, type Design, type TemplateSlug } from '../../domain/messages/template-catalog.ts';

type Compiled = Handlebars.TemplateDelegate;

interface TemplateParts {
  subject: Compiled;
  html: Compiled;
  text: Compiled;
}

const TEMPLATES_DIR = new URL('./templates/', import.meta.url);

/**
 * Templates and designs are Handlebars files under ./templates: each template has a subject, an HTML body and a
 * text body; each design is an HTML layout around the body. HTML escapes the data; subject and text do not.
 */
export class HandlebarsTemplateRenderer implements TemplateRenderer {
  private readonly handlebars = Handlebars.create();
  private readonly templates: Record<TemplateSlug, TemplateParts>;
  private readonly designs: Record<Design, Compiled>;
  private readonly textLayout: Compiled;

  constructor(dir: URL = TEMPLATES_DIR) {
    const read = (path: string) => readFileSync(new URL(path, dir), 'utf8');
    const html = (path: string) => this.handlebars.compile(read(path), { strict: false });
    const plain = (path: string) => this.handlebars.compile(read(path), { noEscape: true });
    this.templates = Object.fromEntries(
      TEMPLATE_SLUGS.map((slug) => [slug, { subject: plain(`${slug}/subject.hbs`), html: html(`${slug}/body.html.hbs`), text: plain(`${slug}/body.txt.hbs`) }]),
    ) as Record<TemplateSlug, TemplateParts>;
    this.designs = Object.fromEntries(DESIGNS.map((design) => [design, html(`designs/${design}.html.hbs`)])) as Record<Design, Compiled>;
    this.textLayout = plain('layout.txt.hbs');
  }

  render({ slug, design, brand, data }: RenderRequest): RenderedMessage {
    const template = this.templates[slug];
    const context = { data, brand };
    // A subject is one header line: line breaks in the data must not start a new header.
    const subject = template.subject(context).replace(/\s+/g, ' ').trim();
    const html = this.designs[design]({ ...context, subject, content: template.html(context) });
    const text = this.textLayout({ ...context, content: template.text(context).trim() });
    return { subject, html, text: text.replace(/\n{3,}/g, '\n\n').trim() + '\n' };
  }
}
