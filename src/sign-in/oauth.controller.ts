import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { readForm } from '../common/http/form-body';
import { OAuthTokensService, TokenGrant } from './oauth-tokens.service';
import { PENDING_SIGN_IN_MS, SignInService } from './sign-in.service';

/** The cookie that binds a sign-in under way to the browser that started it. */
const SIGN_IN_COOKIE = 'dms_sign_in';
const COOKIE_PATH = '/oauth';

/**
 * The service's own OAuth 2 endpoints, at the server's root (beside `/api`): a browser signs in
 * at the identity provider and the client gets one of the service's tokens. Protocol endpoints,
 * not part of the API document. `404` while sign-in is off.
 */
@ApiExcludeController()
@Public()
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly signIn: SignInService,
    private readonly tokens: OAuthTokensService,
  ) {}

  @Get('authorize')
  async authorize(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const { location, cookie } = await this.signIn.authorize(query);
    response.cookie(SIGN_IN_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.signIn.secureCookie,
      path: COOKIE_PATH,
      maxAge: PENDING_SIGN_IN_MS,
    });
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, location);
  }

  @Get('callback')
  async callback(
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    const cookie = cookieOf(request, SIGN_IN_COOKIE);
    response.clearCookie(SIGN_IN_COOKIE, { path: COOKIE_PATH });
    const search = new URL(request.originalUrl, 'http://service').search;
    const location = await this.signIn.callback(query, search, cookie);
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, location);
  }

  @Post('token')
  @HttpCode(200)
  async token(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TokenGrant> {
    this.tokens.enabled();
    const grant = await this.tokens.exchange(await readForm(request, response));
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Pragma', 'no-cache');
    return grant;
  }

  @Post('revoke')
  @HttpCode(200)
  async revoke(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    this.tokens.enabled();
    await this.tokens.revoke(await readForm(request, response));
  }
}

/** One cookie of the request's `Cookie` header; undefined when absent. */
function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
