import type { Brand } from '../../domain/messages/brand.ts';
import type { Design, TemplateSlug } from '../../domain/messages/template-catalog.ts';

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

export interface RenderRequest {
  slug: TemplateSlug;
  design: Design;
  brand: Brand;
  data: Record<string, unknown>;
}

/** Turns a template, a design, a brand and the data into the subject, the HTML and the plain-text part. */
export interface TemplateRenderer {
  render(request: RenderRequest): RenderedMessage;
}
