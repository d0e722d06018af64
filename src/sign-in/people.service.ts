import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { validateInput } from '../common/validation/validate-input';
import { isUniqueViolation } from '../database/database-errors';
import { GroupsService } from '../groups/groups.service';
import { NewUserInput, USER_NAME_MAX } from '../users/dto/new-user.input';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import type { ProviderClaims } from './identity-provider';
import { signInConfig, SignInConfig, SignInSettings } from './sign-in.config';
import { SignInRefused } from './sign-in.errors';
import { SignInRepository } from './sign-in.repository';

/**
 * Who a person from the identity provider is here: found by (issuer, `sub`), else linked to the
 * user with their e-mail when the provider vouches for it, else made (unless sign-up is off).
 * Each sign-in then applies what the provider says: allowed groups, the admin role, the
 * provider-managed groups.
 */
@Injectable()
export class PeopleService {
  private readonly settings: SignInSettings | null;

  constructor(
    private readonly people: SignInRepository,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
    private readonly clock: Clock,
    @Inject(signInConfig.KEY) config: SignInConfig,
  ) {
    this.settings = config.settings;
  }

  /** The user the person signs in as, as they are after this sign-in; SignInRefused (403) if not. */
  async signIn(claims: ProviderClaims): Promise<User> {
    const settings = this.settings!;
    const groups = claims.groups ?? [];
    if (
      settings.allowedGroups &&
      !groups.some((group) => settings.allowedGroups!.includes(group))
    ) {
      throw new SignInRefused(
        `sign-in is for members of ${settings.allowedGroups.join(', ')} at the identity provider`,
      );
    }
    let user = await this.userOf(claims);
    if (!user.active) throw new SignInRefused('your user has been deactivated: ask an admin');
    if (settings.adminGroups) {
      const role = groups.some((group) => settings.adminGroups!.includes(group))
        ? 'admin'
        : 'member';
      if (role !== user.role) user = await this.users.changeAccount(null, user.id, { role });
    }
    if (settings.groupsClaim) await this.groups.setProviderGroups(user.id, groups);
    return user;
  }

  private async userOf(claims: ProviderClaims): Promise<User> {
    const known = await this.people.userOfPerson(claims.issuer, claims.subject);
    if (known !== undefined) return this.users.getById(known);
    if (!claims.email) {
      throw new SignInRefused('the identity provider gave no e-mail address for you');
    }
    const existing = await this.users.findByEmail(claims.email);
    let user: User;
    if (existing) {
      if (!claims.emailVerified) {
        throw new SignInRefused(
          `a user with e-mail ${existing.email} exists, and the identity provider does not say the address is verified: it is not linked to you`,
        );
      }
      user = existing;
    } else {
      if (!this.settings!.allowSignup) {
        throw new SignInRefused(
          'this service makes no users at sign-in (OIDC_ALLOW_SIGNUP=false): ask an admin to make yours',
        );
      }
      user = await this.users.create(newUser(claims));
    }
    try {
      await this.people.linkPerson(user.id, claims.issuer, claims.subject, this.clock.now());
    } catch (error) {
      // The same person signing in twice at once: the other request linked them.
      if (!isUniqueViolation(error)) throw error;
    }
    return user;
  }
}

/** A new user from the provider's claims; names cut to what a user may have. */
function newUser(claims: ProviderClaims): NewUserInput {
  const [first, ...rest] = (claims.name ?? '').trim().split(/\s+/);
  const clip = (value: string) => [...value.trim()].slice(0, USER_NAME_MAX).join('');
  const fname = clip(claims.givenName ?? first ?? '') || clip(claims.email!.split('@')[0]);
  const lname = clip(claims.familyName ?? rest.join(' ')) || '-';
  return validateInput(NewUserInput, { email: claims.email, fname, lname });
}
