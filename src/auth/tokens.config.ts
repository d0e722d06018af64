import { ConfigType, registerAs } from '@nestjs/config';
import { IntegerBetween, readEnvironment } from '../config/environment';

class TokensVariables {
  @IntegerBetween('TOKENS_MAX_DAYS', 1, 3650)
  TOKENS_MAX_DAYS?: number;
}

/** The bounds of tokens people make themselves; throws ConfigError when a setting is bad. */
export function readTokensConfig(env: NodeJS.ProcessEnv) {
  const vars = readEnvironment(TokensVariables, env);
  return {
    /** The longest a token made through `POST /tokens` may live, in days. */
    maxDays: vars.TOKENS_MAX_DAYS ?? 365,
    /** What such a token lives when its maker does not say. */
    defaultDays: Math.min(90, vars.TOKENS_MAX_DAYS ?? 365),
    /** Active tokens a user may hold (made any way); one more is refused. */
    maxActive: 50,
  };
}

export const tokensConfig = registerAs('tokens', () => readTokensConfig(process.env));

export type TokensConfig = ConfigType<typeof tokensConfig>;
