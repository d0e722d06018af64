import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_ROUTE = 'isPublicRoute';

/** Lets a route through the global bearer guard (health, documentation). */
export const Public = () => SetMetadata(IS_PUBLIC_ROUTE, true);
