import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { Brand } from './brand.ts';
import { checkBrand } from './brand-rules.ts';

interface BrandState {
  brand: Brand | null;
  tenantId: string;
  createdAt: string;
}

export type BrandEvent =
  | { type: 'BrandRegistered'; data: { tenantId: string; brand: Brand; at: string } }
  | { type: 'BrandApplicationAuthorized'; data: { tenantId: string; slug: string; application: string | null; at: string } };

type BrandCommand =
  | { type: 'RegisterBrand'; tenantId: string; brand: Brand; now: Date }
  /** `application` null opens the brand to every application of the company. */
  | { type: 'AuthorizeApplication'; application: string | null; now: Date };

class BrandValidationError extends DomainError {
  constructor(readonly issues: ReturnType<typeof checkBrand>) {
    super('invalid_brand', issues.map((issue) => `${issue.field} ${issue.message}`).join('; '), { issues });
  }
}

export const brandDecider: Decider<BrandCommand, BrandEvent, BrandState> = {
  initialState: () => ({ brand: null, tenantId: '', createdAt: '' }),
  decide(command, state) {
    const at = command.now.toISOString();
    if (command.type === 'RegisterBrand') {
      if (state.brand) throw new DomainError('already_exists', `brand ${state.brand.slug} is already registered`);
      const issues = checkBrand(command.brand);
      if (issues.length > 0) throw new BrandValidationError(issues);
      return [{ type: 'BrandRegistered', data: { tenantId: command.tenantId, brand: command.brand, at } }];
    }
    if (!state.brand) throw new DomainError('not_found', 'no such brand');
    const { application } = command;
    if (application === null ? state.brand.allApplications : state.brand.applications.includes(application)) return [];
    return [{ type: 'BrandApplicationAuthorized', data: { tenantId: state.tenantId, slug: state.brand.slug, application, at } }];
  },
  evolve(state, event) {
    if (event.type === 'BrandRegistered') return { brand: event.data.brand, tenantId: event.data.tenantId, createdAt: event.data.at };
    if (!state.brand) return state;
    const { application } = event.data;
    const brand =
      application === null ? { ...state.brand, allApplications: true } : { ...state.brand, applications: [...state.brand.applications, application] };
    return { ...state, brand };
  },
};
