/** What the rest of the service knows of a user: the authenticated caller, an owner. */
export interface UserProfile {
  id: number;
  email: string;
  fname: string;
  lname: string;
  avatarUrl: string | null;
}
