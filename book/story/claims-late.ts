// Claims of spreads 19-20 to 43-44 (book/story/claims.ts).
import type { PageId } from '../types.ts';
import type { Claim } from './claims.ts';

export const LATE_CLAIMS: Record<PageId, readonly Claim[]> = {};
