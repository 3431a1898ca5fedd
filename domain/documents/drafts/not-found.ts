import { DomainError } from '../../shared/domain-error.ts';

export const notFound = () => new DomainError('not_found', 'no such document');
