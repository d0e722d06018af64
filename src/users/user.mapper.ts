import { createHash } from 'node:crypto';
import { UserAccountDto } from './dto/user-account.dto';
import { UserDetailsDto } from './dto/user-details.dto';
import { User } from './entities/user.entity';
import { UserProfile } from './user-profile';

/** Recently built Gravatar URLs: a list page repeats its owner on every item. */
const gravatarUrls = new Map<string, string>();
const GRAVATAR_URLS_KEPT = 10_000;

export function gravatarUrl(email: string): string {
  let url = gravatarUrls.get(email);
  if (url === undefined) {
    const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
    url = `https://www.gravatar.com/avatar/${digest}?d=identicon`;
    if (gravatarUrls.size >= GRAVATAR_URLS_KEPT) gravatarUrls.clear();
    gravatarUrls.set(email, url);
  }
  return url;
}

export function toUserProfile(user: User): UserProfile {
  return {
    id: user.id,
    email: user.email,
    fname: user.fname,
    lname: user.lname,
    avatarUrl: user.avatarUrl,
  };
}

export function toUserDetails(user: UserProfile): UserDetailsDto {
  return {
    id: user.id,
    fname: user.fname,
    lname: user.lname,
    email: user.email,
    avatar_url: user.avatarUrl ?? gravatarUrl(user.email),
  };
}

/** A user as admins see them, in the API and the CLI (and the demo seed). */
export function toUserAccount(user: User): UserAccountDto {
  return {
    ...toUserDetails(user),
    role: user.role,
    // MySQL's tinyint may come back as 1 or 0.
    active: Boolean(user.active),
    created_at: user.createdAt.toISOString(),
  };
}
