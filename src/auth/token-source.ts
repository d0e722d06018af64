/** How a token was made: by the CLI, through `POST /tokens`, or by signing in. */
export const TOKEN_SOURCES = ['cli', 'api', 'sign-in'] as const;
export type TokenSource = (typeof TOKEN_SOURCES)[number];
