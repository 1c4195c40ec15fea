// Claims of the cover and spreads 1-2 to 17-18 (book/story/claims.ts).
import type { PageId } from '../types.ts';
import type { Claim } from './claims.ts';

export const EARLY_CLAIMS: Record<PageId, readonly Claim[]> = {};
