import { Cookies } from '@changdu/contract';
import { getCookie } from './cookies';

/**
 * App-store review mode: the native app sets it while a build is under review so that
 * purchase-related UI stays hidden. True only when the window value or the `bb_review`
 * cookie is the string 'true'.
 */
export function isReviewMode(): boolean {
  return String(window.__REVIEW_MODE__) === 'true' || getCookie(Cookies.reviewMode) === 'true';
}
