import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The security headers of every answer but Swagger UI's pages: JSON that a browser
 * must never sniff into HTML, render with scripts or frame, and reach over HTTPS only once it
 * has. The headers helmet adds for HTML pages (cross-origin opener and embedder policies,
 * `Origin-Agent-Cluster`, DNS prefetching, download and Flash policies) say nothing about JSON.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

const API_HEADER_ENTRIES = Object.entries(API_SECURITY_HEADERS);

/**
 * Swagger UI: its page at `/api` and its files, all directly under `/api/` (a name there other
 * than one of its files is a JSON 404 with these headers too); not the API's `/api/v1`.
 */
const SWAGGER_UI_PATH = /^\/api(?:\/(?!v1(?:\?|$))[^/?]*)?(?:\?|$)/;

const OAUTH2_REDIRECT_PAGE = /^\/api\/oauth2-redirect\.(?:html|js)(?:\?|$)/;

/**
 * Swagger UI's pages get helmet's defaults, with a content policy Swagger UI runs under (its
 * scripts and styles are served here); everything else, API answers and the JSON 404 of any
 * unrouted path alike, the fixed set above.
 */
export function securityHeaders() {
  const forPages = helmet({
    // Swagger UI signs in in a popup that passes through the identity provider: `same-origin`
    // would cut the popup's way back to this page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:'],
        // The service is often reached over plain HTTP inside a network; don't rewrite to https.
        upgradeInsecureRequests: null,
      },
    },
  });
  // The page the popup ends on: coming from the provider's origin, any opener policy of its
  // own would put it in another browsing context group, away from the page that opened it.
  const forRedirectPage = helmet({
    crossOriginOpenerPolicy: false,
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (OAUTH2_REDIRECT_PAGE.test(request.url)) return forRedirectPage(request, response, next);
    if (SWAGGER_UI_PATH.test(request.url)) return forPages(request, response, next);
    for (const [name, value] of API_HEADER_ENTRIES) response.setHeader(name, value);
    next();
  };
}
