import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The security headers of every API answer (`/api/v1/...` and `/health`): JSON that a browser
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

/** `/api/v1`, `/health` and what lies under them, with or without a query. */
const API_PATH = /^\/(?:api\/v1|health)(?:[/?]|$)/;

/**
 * API answers get the fixed set above; Swagger UI's pages (and anything else) helmet's
 * defaults, with a content policy Swagger UI runs under (its scripts and styles are served here).
 */
export function securityHeaders() {
  const forPages = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:'],
        // The service is often reached over plain HTTP inside a network; don't rewrite to https.
        upgradeInsecureRequests: null,
      },
    },
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!API_PATH.test(request.url)) return forPages(request, response, next);
    for (const [name, value] of API_HEADER_ENTRIES) response.setHeader(name, value);
    next();
  };
}
