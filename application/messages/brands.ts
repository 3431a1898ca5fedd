import { MUNICIPALITIES } from '../../domain/catalogs/municipalities.ts';
import { DEFAULT_COLORS, mayUseBrand, type Brand } from '../../domain/messages/brand.ts';
import { brandDecider, type BrandEvent } from '../../domain/messages/brand-decider.ts';
import { BRAND_SLUG } from '../../domain/messages/brand-rules.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import { readAllOfTypes } from '../event-sourcing/read-all-of-types.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';
import { BrandNotFoundError } from './message-errors.ts';
import { brandStreamId } from './message-streams.ts';

const REGISTERED: readonly BrandEvent['type'][] = ['BrandRegistered'];

type OperatorContext = Omit<RequestContext, 'tenantId' | 'environment'>;

/** Brands the operator registers per company; brands are shared by both environments. */
export class Brands {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly events: EventStore,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
    readonly defaultSlug: string,
  ) {}

  async register(tenantId: string, brand: Brand, context: OperatorContext): Promise<Brand> {
    const handled = await this.aggregates.handle(
      brandStreamId(tenantId, brand.slug),
      brandDecider,
      { type: 'RegisterBrand', tenantId, brand, now: this.clock.now() },
      { ...context, tenantId, environment: '*' },
    );
    return handled.state.brand!;
  }

  /** Lets one more application (key id) use the brand, or every one when `application` is null. */
  async authorize(tenantId: string, slug: string, application: string | null, context: OperatorContext): Promise<Brand> {
    const handled = await this.aggregates.handle(
      brandStreamId(tenantId, slug),
      brandDecider,
      { type: 'AuthorizeApplication', application, now: this.clock.now() },
      { ...context, tenantId, environment: '*' },
    );
    return handled.state.brand!;
  }

  async find(tenantId: string, slug: string): Promise<Brand | null> {
    if (!BRAND_SLUG.test(slug)) return null;
    return (await this.aggregates.load(brandStreamId(tenantId, slug), brandDecider)).state.brand;
  }

  async list(tenantId: string): Promise<Brand[]> {
    const registered = await readAllOfTypes(this.events, { eventTypes: REGISTERED });
    const slugs = registered
      .flatMap((event) => {
        const typed = toDomainEvent<BrandEvent>(event, REGISTERED);
        return typed?.type === 'BrandRegistered' ? [typed.data] : [];
      })
      .filter((data) => data.tenantId === tenantId)
      .map((data) => data.brand.slug);
    const brands = await Promise.all(slugs.map((slug) => this.find(tenantId, slug)));
    return brands.filter((brand): brand is Brand => brand !== null);
  }

  /**
   * The brand a message goes out with: the one named, or the configured default. When the default slug is not
   * registered for the company, its built-in brand (its own name and legal details) stands in.
   */
  async resolve(tenantId: string, requested: string | undefined, application: string): Promise<Brand> {
    const slug = requested ?? this.defaultSlug;
    const brand = await this.find(tenantId, slug);
    if (brand) {
      if (!mayUseBrand(brand, application)) throw new BrandNotFoundError(slug);
      return brand;
    }
    if (slug === this.defaultSlug) return this.builtin(tenantId);
    throw new BrandNotFoundError(slug);
  }

  /**
   * The company's own brand: its trade name, and in the footer its legal name, NIT and, from its profile, address
   * (with the city), phone and e-mail. The logo is left out: an e-mail shows images from an http(s) URL, and the
   * profile's logo has none (documents embed it in their PDF instead).
   */
  async builtin(tenantId: string): Promise<Brand> {
    const tenant = await this.tenants.find(tenantId);
    if (!tenant) throw new Error(`tenant ${tenantId} does not exist`);
    const { profile } = tenant;
    const city = profile.municipality_code === null ? undefined : MUNICIPALITIES.get(profile.municipality_code);
    const address = profile.address === null ? null : [profile.address, city].filter(Boolean).join(', ');
    return {
      slug: this.defaultSlug,
      name: tenant.tradeName || tenant.legalName,
      logoUrl: null,
      colors: DEFAULT_COLORS,
      legal: { legalName: tenant.legalName, nit: `${tenant.nit}-${tenant.dv}`, address, phone: profile.phone, email: profile.email, website: null },
      applications: [],
      allApplications: true,
    };
  }
}
