import { DomainError } from '../../shared/decider.ts';

export const notFound = () => new DomainError('not_found', 'no such document');
