import { ConfigType, registerAs } from '@nestjs/config';
import { parseEnvironment } from './environment';

/** The typed application configuration; inject it with `@Inject(appConfig.KEY)`. */
export const appConfig = registerAs('app', () => parseEnvironment(process.env));

export type AppConfigValues = ConfigType<typeof appConfig>;
