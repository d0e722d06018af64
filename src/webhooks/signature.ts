import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The `Webhook-Signature` header of a delivery (Standard Webhooks, version 1): the base64
 * HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed with the secret's bytes after `whsec_`.
 */
export function signatureHeader(
  secret: string,
  eventId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${eventId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}
