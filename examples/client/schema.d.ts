// Generated from openapi.json by `npm run openapi` (openapi-typescript); do not edit.
export interface paths {
  '/api/v1/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List users (admins)
     * @description Every user, by e-mail, a page at a time; `q` keeps those whose e-mail, first name or last name begins with it.
     */
    get: operations['listUsers'];
    put?: never;
    /**
     * Make a user (admins)
     * @description As the CLI’s `users create`: a member, active, with this e-mail (kept lower-cased and unique).
     */
    post: operations['createUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a user (admins)
     * @description Their details, role, and whether they may use the service.
     */
    get: operations['getUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a user’s role, or deactivate them (admins)
     * @description `active: false` revokes every token of the user at once and refuses their sign-in; their documents, shares and memberships stay. You cannot demote or deactivate yourself.
     */
    patch: operations['updateUser'];
    trace?: never;
  };
  '/api/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who you are
     * @description Your user, your role, and the token you called with (never its secret). Any valid token may ask, whatever its scopes.
     */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your tokens
     * @description Your tokens, newest first, a page at a time: those that work now (`state=active`, the default) or all of them (`state=all`). Never a token’s secret. Needs a token with `tokens:write`.
     */
    get: operations['listTokens'];
    put?: never;
    /**
     * Make a token
     * @description A new token of yours, with at most the scopes of the token you call with (default: those, but `admin`) and for 1 to `TOKENS_MAX_DAYS` days (default 90). A token made with a token from this route may not outlive it. At most 50 active tokens a user. The answer is the only one with the token’s secret (`Cache-Control: no-store`); `Idempotency-Key` is refused, since a secret is never sent twice.
     */
    post: operations['createToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tokens/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one of your tokens
     * @description Never its secret. Another user’s token does not exist for you (`404`).
     */
    get: operations['getToken'];
    put?: never;
    post?: never;
    /**
     * Revoke a token
     * @description One of yours (with `tokens:write`), or, for an admin with a token of scope `admin`, anyone’s. It stops working at once, on every instance; revoking a revoked token changes nothing (`204` again). The token you call with may revoke itself.
     */
    delete: operations['revokeToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/{id}/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a user’s tokens (admins)
     * @description As `GET /tokens` shows yours: newest first, those that work now (`state=active`, the default) or all. Never a secret.
     */
    get: operations['listUserTokens'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/folders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the user's folders
     * @description The folders the user has, sorted by path in code-point order, a page at a time (up to 1,000, all of them by default). The home folder `~` is not listed.
     */
    get: operations['listFolders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/groups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your groups
     * @description The groups you are a manager or a member of, by name (ignoring letter case, in code-point order), a page at a time.
     */
    get: operations['listGroups'];
    put?: never;
    /**
     * Make a group
     * @description A named set of users that documents and folders can be shared with. You are its first manager: managers rename it, delete it and add or remove its members.
     */
    post: operations['createGroup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/groups/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one of your groups
     * @description For its managers and members; to anyone else it does not exist (`404`).
     */
    get: operations['getGroup'];
    put?: never;
    post?: never;
    /**
     * Delete a group
     * @description For its managers. Its members lose what was shared with the group at once; the group’s shares go with it.
     */
    delete: operations['deleteGroup'];
    options?: never;
    head?: never;
    /**
     * Rename a group or change its description
     * @description For its managers. `description: null` removes the description.
     */
    patch: operations['updateGroup'];
    trace?: never;
  };
  '/api/v1/groups/{id}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a group’s members
     * @description Managers first, then members, each by when they were added, a page at a time; for the group’s managers and members.
     */
    get: operations['listGroupMembers'];
    put?: never;
    /**
     * Add a user to a group, or change their role
     * @description A manager adds a user, named by e-mail, as `member` (the default) or `manager` (`201`); a user already in the group gets the role asked for (`200`). The user gains at once what is shared with the group. The last manager cannot be made a member (`400`).
     */
    post: operations['addGroupMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/groups/{id}/members/{user_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a user from a group, or leave it
     * @description A manager removes anyone; a member may remove themselves (leave). The user loses at once what they had only through the group. The last manager cannot go (`400`): make another member a manager first, or delete the group.
     */
    delete: operations['removeGroupMember'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List documents
     * @description Every document you are a user of (your own and those shared with you), most recently updated first (then by id, descending), one page at a time, with your `role` on each. `html` is not included.
     */
    get: operations['listDocs'];
    put?: never;
    /**
     * Create a document
     * @description Creates a document in the folder named by `path` (default `~`), creating missing folders with their parents. The new document’s address is in the `Location` header.
     *
     *     Send an `Idempotency-Key` to make the request safe to retry: for 24 hours, a repeat with the same key and the same body creates nothing and gets the first `201` again (with `Idempotency-Replayed: true`); the same key with another body is `422`; a repeat while the first request is still running is `409` with `Retry-After`. Keys are per user.
     */
    post: operations['createDoc'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a document
     * @description A document you are a user of, with its (sanitised) HTML and its version, also sent as the strong `ETag`.
     */
    get: operations['getDoc'];
    /**
     * Update a document
     * @description Changes the title, the HTML, the folder (`path`) or several; a field left out keeps its value. `updated_at` moves forward and `version` goes one up; the version replaced stays in the document’s revisions. For the owner and editors; only the owner moves the document (`path`), into a folder of theirs created with its parents if missing. With `If-Match`, only if the document is still that version (otherwise `412`, and nothing changes); without it, the last write wins.
     */
    put: operations['updateDoc'];
    post?: never;
    /**
     * Delete a document (to the trash)
     * @description Moves a document you own to your trash (`GET /api/v1/trash`): from then on it is `404` for all its users and in no list, until you restore it (`POST /api/v1/trash/{uuid}/restore`) or it is deleted for good (`DELETE /api/v1/trash/{uuid}`, or `TRASH_RETENTION_DAYS` later). Its folders stay. With `If-Match`, only if it is still that version.
     */
    delete: operations['deleteDoc'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a document’s users
     * @description Everyone who has the document, with their role: the owner first, then the others by when they were added. Any user of the document may ask.
     */
    get: operations['listDocUsers'];
    put?: never;
    /**
     * Share a document
     * @description The owner gives a user, named by e-mail, the role `editor` (read and update) or `viewer` (read). A user who has the document already gets the new role (`200`); otherwise they are added (`201`) and the document is in their list at once.
     */
    post: operations['shareDoc'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}/users/{user_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a user from a document, or leave it
     * @description The owner removes any other user; an editor or viewer may remove themselves (leave). The document leaves that user’s list at once. The owner cannot be removed (`400`): delete the document instead.
     */
    delete: operations['unshareDoc'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}/groups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the groups a document is shared with
     * @description Each group the document itself is shared with and its role, by when it was shared; anyone who has the document may ask. (A document reached through a shared folder is not listed here.)
     */
    get: operations['listDocGroups'];
    put?: never;
    /**
     * Share a document with a group
     * @description The owner gives a group, by id, the role `editor` or `viewer` (the default): every member of the group, now and later, has the document in their list with that role at once (`201`). The owner need not be in the group. A group that has the document already gets the new role (`200`). A user who has the document several ways has the best role of them.
     */
    post: operations['shareDocWithGroup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}/groups/{group_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Take a document back from a group
     * @description The owner only. Members who had the document only through this group lose it at once.
     */
    delete: operations['unshareDocWithGroup'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/folders/shares': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the shares of your folders
     * @description Your folder shares, by folder path, then by when they were made. With `path`: only those that reach that folder, its own and its ancestors’. Nobody else sees them.
     */
    get: operations['listFolderShares'];
    put?: never;
    /**
     * Share a folder with a user or a group
     * @description Gives one user (`email`) or one group (`group_id`) the role `editor` or `viewer` (the default) on every document of yours in the folder and below it: those there now, at once, and those created or moved there later (`201`). `~` shares all your documents. Sharing the same folder with the same user or group again changes the role (`200`). A user who has a document several ways has the best role of them.
     */
    post: operations['shareFolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/folders/shares/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Stop sharing a folder
     * @description Removes one of your folder shares. Whoever had documents only through it loses them at once.
     */
    delete: operations['unshareFolder'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}/revisions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a document’s versions
     * @description The kept versions of a document you are a user of, newest first (the current version is the first), without their HTML, one page at a time. The newest `REVISIONS_KEEP` versions are kept (100 unless the operator says otherwise).
     */
    get: operations['listRevisions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}/revisions/{version}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a version of a document
     * @description One kept version of a document you are a user of, with its HTML.
     */
    get: operations['getRevision'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/docs/{uuid}/revisions/{version}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a version of a document
     * @description Writes that version’s title and HTML as a new version (its folder stays where it is now); the versions in between stay in the history. For the owner and editors. With `If-Match`, only if the document is still the version named (otherwise `412`, and nothing changes).
     */
    post: operations['restoreRevision'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trash': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your trash
     * @description The documents you deleted, most recently deleted first, one page at a time, each with when it will be deleted for good (`TRASH_RETENTION_DAYS` after it was deleted, 30 unless the operator says otherwise).
     */
    get: operations['listTrash'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trash/{uuid}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a document from your trash
     * @description Brings a document you deleted back as it was: its version, its versions, its users and its folder. It is in every user’s list again at once.
     */
    post: operations['restoreFromTrash'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trash/{uuid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a document for good
     * @description Deletes a document in your trash at once, with its versions and its users; it cannot be restored.
     */
    delete: operations['purgeFromTrash'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search your documents
     * @description The documents you are a user of (not those in the trash) whose title or text matches `q`, best match first (a match in the title counts more), then most recently updated, one page at a time, each with a snippet of its text around the first match. Only the text a reader sees is searched: tags and attributes are not.
     */
    get: operations['searchDocs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List your webhooks
     * @description All of them (at most 25), oldest first, without their secrets.
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Subscribe to document events
     * @description Sends the events you choose to your URL: `https://` only (unless the operator allows `http://`), never to a loopback, private, link-local, multicast or unspecified address (checked now and before every delivery). At most 25 webhooks each. The answer carries the signing secret: the only time it is shown.
     *
     *     Events: `document.created`, `document.updated` (an update, a move, a revision restored), `document.deleted` (to the trash), `document.restored` (from the trash), `document.purged` (deleted for good), `member.added`, `member.removed`, `document.group_shared`, `document.group_unshared`, `folder.shared`, `folder.unshared`, `group.member_added`, `group.member_removed`; or `*` for all. You get the events of the documents you have when the event happens (as owner or member, or through a group or a shared folder; for `member.*` and `document.group_*` the member or the group's members concerned too), of the folder shares you made or that reach you, and of the groups you are in (for `group.*` the member concerned too). Losing a document drops its events still waiting for you.
     *
     *     Each is a `POST` of JSON `{id, type, created_at, actor: {id, email} | null, document?: {uuid, title, version, updated_at}, folder?: {share_id, owner_id, path}, group?: {id, name, role?}, member?: {user_id, role}}` (never the html; `actor` is null for an operator's change made with the CLI), signed as Standard Webhooks says: headers `Webhook-Id` (the event id: the same on every retry, so you can drop repeats), `Webhook-Timestamp` and `Webhook-Signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the base64-decoded part of the secret after `whsec_`. An answer in 2xx within 10 s is a success; anything else is retried after each delay of `WEBHOOKS_RETRY_SCHEDULE` (5 s to 10 h, about 28 h in all). Redirects are not followed. After 50 failed attempts in a row the webhook is turned off.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one of your webhooks
     * @description Its target, its events, and whether it is active (with why the service turned it off, if it did). The secret is never shown again.
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete one of your webhooks
     * @description No more events are sent to it, pending ones included; its log goes too.
     */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Change one of your webhooks
     * @description Changes its `url` (checked as on create), its `events`, or pauses and resumes it (`active`). Resuming a webhook the service turned off clears `disabled_reason`; its pending deliveries go out again.
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The delivery log of one of your webhooks
     * @description Every attempt of the last 7 days, newest first: the event, the receiver’s status or why none came, how long it took, and when it is tried again.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Health check
     * @description Whether the service and its database answer. Needs no token.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness probe
     * @description Whether the process runs and answers; the database is not asked, so an outage of the database does not get the process restarted. Needs no token.
     */
    get: operations['getLiveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness probe
     * @description Whether this instance should be sent requests: its database answers (the migrations ran before it began to listen) and it is not stopping. From SIGTERM on it answers 503 for `SHUTDOWN_READY_DELAY_MS` while still serving every request, so that a load balancer stops sending here before connections are drained. Needs no token.
     */
    get: operations['getReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ErrorResponseDto: {
      /**
       * @description What went wrong, in words meant for the developer calling the API.
       * @example title must be a string
       */
      error: string;
    };
    UserAccountDto: {
      /**
       * @description The user's id.
       * @example 1
       */
      id: number;
      /**
       * Format: email
       * @description E-mail address, lower-cased.
       * @example ada@example.com
       */
      email: string;
      /**
       * Format: uri
       * @description The user's avatar, or a Gravatar identicon derived from the e-mail address.
       * @example https://www.gravatar.com/avatar/2f1c4e5a1b0b1c6d5f9ad2f0a4b5e8c2d3f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0?d=identicon
       */
      avatar_url: string;
      /**
       * @description `admin` may use the admin routes (with a token of scope `admin`).
       * @example member
       * @enum {string}
       */
      role: 'member' | 'admin';
      /**
       * Format: date-time
       * @description When the user was made (ISO 8601, UTC).
       * @example 2026-11-29T10:15:30.000Z
       */
      created_at: string;
      /**
       * @description False: the user's tokens were revoked and they may not sign in; their documents, shares and
       *     memberships stay.
       * @example true
       */
      active: boolean;
      /**
       * @description First name.
       * @example Ada
       */
      fname: string;
      /**
       * @description Last name.
       * @example Lovelace
       */
      lname: string;
    };
    PaginationDto: {
      /**
       * @description The page asked for (`page`).
       * @example 1
       */
      current_page: number;
      /**
       * @description Null on the last page and beyond it.
       * @example 2
       */
      next_page: number | null;
      /**
       * @description Null on the first page and beyond the last.
       * @example null
       */
      prev_page: number | null;
      /**
       * @description Number of pages: `total_count / per_page` rounded up (0 when the list is empty).
       * @example 3
       */
      total_pages: number;
      /**
       * @description Number of items across all pages.
       * @example 42
       */
      total_count: number;
    };
    UserAccountListDto: {
      /** @description A page of users, by e-mail. */
      users: components['schemas']['UserAccountDto'][];
      pagination: components['schemas']['PaginationDto'];
    };
    CreateUserDto: {
      /**
       * Format: email
       * @description E-mail address, unique ignoring letter case (kept trimmed and lower-cased).
       * @example grace@example.com
       */
      email: string;
      /**
       * @description First name, 1 to 100 characters after trimming.
       * @example Grace
       */
      fname: string;
      /**
       * @description Last name, 1 to 100 characters after trimming.
       * @example Hopper
       */
      lname: string;
      /**
       * Format: uri
       * @description An http or https image URL; without it, a Gravatar identicon of the e-mail address.
       * @example https://example.com/grace.png
       */
      avatar_url?: string;
    };
    UpdateUserDto:
      | {
          /**
           * @description The user's new role.
           * @example admin
           * @enum {string}
           */
          role?: 'member' | 'admin';
          /**
           * @description `false` revokes every token of the user and refuses their sign-in; `true` lets them sign in
           *     again (their revoked tokens stay revoked).
           * @example false
           */
          active?: boolean;
        }
      | {
          role: string;
        }
      | {
          active: boolean;
        };
    UserDetailsDto: {
      /**
       * @description The user's id.
       * @example 1
       */
      id: number;
      /**
       * Format: email
       * @description E-mail address, lower-cased.
       * @example ada@example.com
       */
      email: string;
      /**
       * Format: uri
       * @description The user's avatar, or a Gravatar identicon derived from the e-mail address.
       * @example https://www.gravatar.com/avatar/2f1c4e5a1b0b1c6d5f9ad2f0a4b5e8c2d3f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0?d=identicon
       */
      avatar_url: string;
      /**
       * @description First name.
       * @example Ada
       */
      fname: string;
      /**
       * @description Last name.
       * @example Lovelace
       */
      lname: string;
    };
    CurrentTokenDto: {
      /**
       * @description The token's id.
       * @example 12
       */
      id: number;
      /**
       * @description Its first 8 characters, to recognise it by; null for tokens made before 1.1.
       * @example dms_k3Jq
       */
      prefix: string | null;
      /**
       * @description What it may do.
       * @example [
       *       "docs:read",
       *       "docs:write"
       *     ]
       */
      scopes: ('docs:read' | 'docs:write' | 'tokens:write' | 'admin')[];
      /**
       * @description How it was made: by the CLI, through `POST /tokens`, or by signing in.
       * @example api
       * @enum {string}
       */
      source: 'cli' | 'api' | 'sign-in';
      /**
       * Format: date-time
       * @description When it was made (ISO 8601, UTC).
       * @example 2026-11-29T10:15:30.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it stops working; null for never (tokens made with the CLI without an expiry).
       * @example 2027-02-27T10:15:30.000Z
       */
      expires_at: string | null;
      /**
       * @description The name it was given.
       * @example laptop
       */
      name: string;
    };
    MeDto: {
      /**
       * @description `admin` may use the admin routes (with a token of scope `admin`).
       * @example member
       * @enum {string}
       */
      role: 'member' | 'admin';
      user: components['schemas']['UserDetailsDto'];
      token: components['schemas']['CurrentTokenDto'];
    };
    TokenDto: {
      /**
       * @description The token's id.
       * @example 12
       */
      id: number;
      /**
       * @description Its first 8 characters, to recognise it by; null for tokens made before 1.1.
       * @example dms_k3Jq
       */
      prefix: string | null;
      /**
       * @description What it may do.
       * @example [
       *       "docs:read",
       *       "docs:write"
       *     ]
       */
      scopes: ('docs:read' | 'docs:write' | 'tokens:write' | 'admin')[];
      /**
       * @description How it was made: by the CLI, through `POST /tokens`, or by signing in.
       * @example api
       * @enum {string}
       */
      source: 'cli' | 'api' | 'sign-in';
      /**
       * Format: date-time
       * @description When it was made (ISO 8601, UTC).
       * @example 2026-11-29T10:15:30.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it was last used (recorded at most once a minute); null for never.
       * @example 2026-11-29T11:02:00.000Z
       */
      last_used_at: string | null;
      /**
       * Format: date-time
       * @description When it stops working; null for never (tokens made with the CLI without an expiry).
       * @example 2027-02-27T10:15:30.000Z
       */
      expires_at: string | null;
      /**
       * Format: date-time
       * @description When it was revoked; null while it is not.
       */
      revoked_at: string | null;
      /**
       * @description The name it was given.
       * @example laptop
       */
      name: string;
    };
    TokenListDto: {
      /** @description A page of your tokens, newest first. */
      tokens: components['schemas']['TokenDto'][];
      pagination: components['schemas']['PaginationDto'];
    };
    CreateTokenDto: {
      /**
       * @description A name to recognise it by: 1 to 100 characters after surrounding whitespace is trimmed.
       * @example ci pipeline
       */
      name: string;
      /**
       * @description What it may do, within what the token making it may (`docs:write` brings `docs:read`).
       *     Absent: the scopes of the token making it, but `admin`.
       * @example [
       *       "docs:read"
       *     ]
       */
      scopes?: ('docs:read' | 'docs:write' | 'tokens:write' | 'admin')[];
      /**
       * @description Days until it stops working, from 1 to `TOKENS_MAX_DAYS` (365 by default); absent: 90.
       * @example 30
       */
      expires_in_days?: number;
    };
    CreatedTokenDto: {
      /**
       * @description The token's id.
       * @example 12
       */
      id: number;
      /**
       * @description Its first 8 characters, to recognise it by; null for tokens made before 1.1.
       * @example dms_k3Jq
       */
      prefix: string | null;
      /**
       * @description What it may do.
       * @example [
       *       "docs:read",
       *       "docs:write"
       *     ]
       */
      scopes: ('docs:read' | 'docs:write' | 'tokens:write' | 'admin')[];
      /**
       * @description How it was made: by the CLI, through `POST /tokens`, or by signing in.
       * @example api
       * @enum {string}
       */
      source: 'cli' | 'api' | 'sign-in';
      /**
       * Format: date-time
       * @description When it was made (ISO 8601, UTC).
       * @example 2026-11-29T10:15:30.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When it was last used (recorded at most once a minute); null for never.
       * @example 2026-11-29T11:02:00.000Z
       */
      last_used_at: string | null;
      /**
       * Format: date-time
       * @description When it stops working; null for never (tokens made with the CLI without an expiry).
       * @example 2027-02-27T10:15:30.000Z
       */
      expires_at: string | null;
      /**
       * Format: date-time
       * @description When it was revoked; null while it is not.
       */
      revoked_at: string | null;
      /**
       * @description The name it was given.
       * @example laptop
       */
      name: string;
      /**
       * @description The token itself: send it as `Authorization: Bearer <token>`. Shown only now; only a hash
       *     of it is kept.
       * @example dms_k3JqVw0bX8m2Yt5rP9sN4cL7aZ1eH6uG3fD0iK2oQ8w
       */
      token: string;
    };
    FolderDto: {
      /**
       * Format: date-time
       * @description When the folder was first used.
       * @example 2024-05-01T09:30:00.123Z
       */
      created_at: string;
      /**
       * @description The folder, written as `~/a/b`.
       * @example ~/projects/2024
       */
      path: string;
    };
    CreateGroupDto: {
      /**
       * @description 1 to 100 characters after surrounding whitespace is trimmed; unique across the service,
       *     ignoring letter case.
       * @example Finance
       */
      name: string;
      /**
       * @description What the group is for: up to 1,000 characters, trimmed. Null or absent: none.
       * @example Everyone who closes the books
       */
      description?: string | null;
    };
    GroupDto: {
      /**
       * @description The group's id.
       * @example 3
       */
      id: number;
      /**
       * @description What the group is for; null when not said.
       * @example Everyone who closes the books
       */
      description: string | null;
      /**
       * Format: date-time
       * @description When the group was made, UTC, milliseconds.
       * @example 2024-05-03T08:00:00.000Z
       */
      created_at: string;
      /**
       * @description Your role in the group: `manager` (may change it and its members) or `member`.
       * @example manager
       * @enum {string}
       */
      role: 'manager' | 'member';
      /**
       * @description How many users are in the group, managers included.
       * @example 12
       */
      member_count: number;
      /**
       * @description Who changes its members: `service` (its managers, through the API), or `provider` (the
       *     identity provider: members follow the groups claim at each sign-in, and any other change
       *     of members is refused with `409`).
       * @example service
       * @enum {string}
       */
      managed_by: 'service' | 'provider';
      /** @example Finance */
      name: string;
    };
    GroupListDto: {
      /** @description Your groups, by name (ignoring letter case, in code-point order). */
      groups: components['schemas']['GroupDto'][];
      /** @description Where this page is among all pages. */
      pagination: components['schemas']['PaginationDto'];
    };
    UpdateGroupDto:
      | {
          /**
           * @description A new name: 1 to 100 characters after trimming, unique ignoring letter case.
           * @example Finance and Controlling
           */
          name?: string;
          /**
           * @description A new description, up to 1,000 characters; null removes it.
           * @example Closes the books every month
           */
          description?: string | null;
        }
      | {
          name: string;
        }
      | {
          description: string | null;
        };
    GroupMemberDto: {
      /**
       * @description `manager` or `member`.
       * @example member
       * @enum {string}
       */
      role: 'manager' | 'member';
      /**
       * Format: date-time
       * @description When the user joined the group, UTC, milliseconds.
       * @example 2024-05-03T08:00:00.000Z
       */
      added_at: string;
      user: components['schemas']['UserDetailsDto'];
    };
    GroupMemberListDto: {
      /** @description Managers first, then members, each by when they were added. */
      members: components['schemas']['GroupMemberDto'][];
      /** @description Where this page is among all pages. */
      pagination: components['schemas']['PaginationDto'];
    };
    AddGroupMemberDto: {
      /**
       * Format: email
       * @description E-mail address of the user to add (any letter case).
       * @example grace@example.com
       */
      email: string;
      /**
       * @description `member`, or `manager` (may change the group and its members). A user already in the group
       *     gets this role instead of theirs.
       * @default member
       * @example member
       * @enum {string}
       */
      role: 'manager' | 'member';
    };
    CreateDocDto: {
      /**
       * @description Title of the document: 1 to 255 characters after surrounding whitespace is trimmed.
       * @example Quarterly report
       */
      title: string;
      /**
       * @description Folder of the document, created with its parents if missing (default `~`): `~` (the home folder) or `~/name/...`. Whitespace around `~` and around each folder name is trimmed; a folder name is then 1 to 255 characters, not `.` or `..`, without `/` or control characters. The whole path is at most 64 folder names and 4,096 characters after trimming.
       * @default ~
       * @example ~/reports/2024
       */
      path: string;
      /**
       * @description HTML the document starts with; stored sanitised (scripts, event handlers,
       *     `javascript:` URLs, `id`, `name` and unsafe styles are removed). Defaults to the empty
       *     string. Bounded by the 5 MiB limit on the request body; elements may nest 128 deep.
       * @example <h1>Q3</h1><p>Revenue grew by <strong>12%</strong>.</p>
       */
      html?: string;
    };
    CreatedDocDto: {
      /**
       * Format: uuid
       * @description The new document's UUID.
       * @example 3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60
       */
      uuid: string;
    };
    UserDocDto: {
      /** @description A user the document belongs to. */
      user: components['schemas']['UserDetailsDto'];
    };
    DocListItemDto: {
      /**
       * @description The document's numeric id, as in the interface spec; use `uuid` in addresses.
       * @example 42
       */
      id: number;
      /**
       * Format: uuid
       * @description The document's UUID, used in `/api/v1/docs/{uuid}`.
       * @example 3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60
       */
      uuid: string;
      /**
       * @description The folder the document is in, written as `~/a/b` (or `~`): a folder of its owner's, so
       *     shown to the owner only (`null` for the document's other users).
       * @example ~/reports/2024
       */
      path: string | null;
      /**
       * Format: date-time
       * @description When the document was created (UTC, milliseconds).
       * @example 2024-05-01T09:30:00.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When the document last changed (UTC, milliseconds).
       * @example 2024-05-02T14:05:09.456Z
       */
      updated_at: string;
      /**
       * @description Starts at 1 and goes one up with each update; the document's `ETag` is this number in
       *     quotes, for `If-Match` and `If-None-Match`.
       * @example 3
       */
      version: number;
      /**
       * @description Your role on the document: `owner` (may do anything), `editor` (may read and update) or
       *     `viewer` (may read).
       * @example owner
       * @enum {string}
       */
      role: 'owner' | 'editor' | 'viewer';
      /**
       * @description The title, trimmed.
       * @example Quarterly report
       */
      title: string;
      /** @description The document's users: the owner first, then the others by when they were added. */
      user_docs: components['schemas']['UserDocDto'][];
    };
    DocListDto: {
      /** @description Most recently updated first. */
      docs: components['schemas']['DocListItemDto'][];
      /** @description Where this page is among all pages. */
      pagination: components['schemas']['PaginationDto'];
    };
    DocDetailDto: {
      /**
       * @description The document's numeric id, as in the interface spec; use `uuid` in addresses.
       * @example 42
       */
      id: number;
      /**
       * Format: uuid
       * @description The document's UUID, used in `/api/v1/docs/{uuid}`.
       * @example 3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60
       */
      uuid: string;
      /**
       * @description The folder the document is in, written as `~/a/b` (or `~`): a folder of its owner's, so
       *     shown to the owner only (`null` for the document's other users).
       * @example ~/reports/2024
       */
      path: string | null;
      /**
       * Format: date-time
       * @description When the document was created (UTC, milliseconds).
       * @example 2024-05-01T09:30:00.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @description When the document last changed (UTC, milliseconds).
       * @example 2024-05-02T14:05:09.456Z
       */
      updated_at: string;
      /**
       * @description Starts at 1 and goes one up with each update; the document's `ETag` is this number in
       *     quotes, for `If-Match` and `If-None-Match`.
       * @example 3
       */
      version: number;
      /**
       * @description Your role on the document: `owner` (may do anything), `editor` (may read and update) or
       *     `viewer` (may read).
       * @example owner
       * @enum {string}
       */
      role: 'owner' | 'editor' | 'viewer';
      /**
       * @description The title, trimmed.
       * @example Quarterly report
       */
      title: string;
      /** @description The document's users: the owner first, then the others by when they were added. */
      user_docs: components['schemas']['UserDocDto'][];
      /**
       * @description The content, as stored (sanitised).
       * @example <h1>Q3</h1><p>Revenue grew by <strong>12%</strong>.</p>
       */
      html: string;
    };
    UpdateDocDto:
      | {
          /**
           * @description New title: 1 to 255 characters after surrounding whitespace is trimmed.
           * @example Quarterly report (final)
           */
          title?: string;
          /**
           * @description Moves the document (owner only; `403` for an editor) into this folder, created with its parents if missing: `~` (the home folder) or `~/name/...`. Whitespace around `~` and around each folder name is trimmed; a folder name is then 1 to 255 characters, not `.` or `..`, without `/` or control characters. The whole path is at most 64 folder names and 4,096 characters after trimming.
           * @example ~/reports/archive
           */
          path?: string;
          /**
           * @description New HTML content, stored sanitised as on create (elements may nest 128 deep).
           * @example <p>Final figures are in.</p>
           */
          html?: string;
        }
      | {
          title: string;
        }
      | {
          html: string;
        }
      | {
          path: string;
        };
    AddDocUserDto: {
      /**
       * Format: email
       * @description E-mail address of the user to share the document with (any letter case).
       * @example grace@example.com
       */
      email: string;
      /**
       * @description `editor` (may read and update) or `viewer` (may read). A user who already has the document
       *     gets this role instead of theirs.
       * @default viewer
       * @example editor
       * @enum {string}
       */
      role: 'editor' | 'viewer';
    };
    DocUserDto: {
      /**
       * @description `owner`, `editor` or `viewer`.
       * @example editor
       * @enum {string}
       */
      role: 'owner' | 'editor' | 'viewer';
      /**
       * Format: date-time
       * @description When the user got the document (for the owner: when it was created), UTC, milliseconds.
       * @example 2024-05-03T08:00:00.000Z
       */
      added_at: string;
      user: components['schemas']['UserDetailsDto'];
    };
    AddDocGroupDto: {
      /**
       * @description The id of the group to share the document with (you need not be in it).
       * @example 3
       */
      group_id: number;
      /**
       * @description `editor` (its members may read and update) or `viewer` (read). A group that has the
       *     document already gets this role instead.
       * @default viewer
       * @example viewer
       * @enum {string}
       */
      role: 'editor' | 'viewer';
    };
    GroupSummaryDto: {
      /** @example 3 */
      id: number;
      /** @example Finance */
      name: string;
    };
    DocGroupDto: {
      /**
       * @description `editor` or `viewer`.
       * @example viewer
       * @enum {string}
       */
      role: 'editor' | 'viewer';
      /**
       * Format: date-time
       * @description When the document was shared with the group, UTC, milliseconds.
       * @example 2024-05-03T08:00:00.000Z
       */
      added_at: string;
      group: components['schemas']['GroupSummaryDto'];
    };
    AddFolderShareDto:
      | {
          /**
           * @description The folder of yours to share, with everything below it, now and later (`~`: all your documents). It need not exist yet. `~` (the home folder) or `~/name/...`. Whitespace around `~` and around each folder name is trimmed; a folder name is then 1 to 255 characters, not `.` or `..`, without `/` or control characters. The whole path is at most 64 folder names and 4,096 characters after trimming.
           * @example ~/projects/q3
           */
          path: string;
          /**
           * Format: email
           * @description E-mail address of the user to share the folder with; give this or `group_id`.
           * @example grace@example.com
           */
          email?: string;
          group_id?: number;
          /**
           * @description `editor` (may read and update) or `viewer` (may read) on every document in the folder. A
           *     share of the same folder with the same user or group gets this role instead.
           * @default viewer
           * @example editor
           * @enum {string}
           */
          role: 'editor' | 'viewer';
        }
      | {
          email: string;
        }
      | {
          group_id: number;
        };
    FolderShareDto: {
      /** @example 7 */
      id: number;
      /** @description The user it is shared with; absent for a group. */
      user?: components['schemas']['UserDetailsDto'];
      /** @description The group it is shared with; absent for a user. */
      group?: components['schemas']['GroupSummaryDto'];
      /**
       * @description `editor` or `viewer`.
       * @example editor
       * @enum {string}
       */
      role: 'editor' | 'viewer';
      /**
       * Format: date-time
       * @description When the folder was shared, UTC, milliseconds.
       * @example 2024-05-03T08:00:00.000Z
       */
      created_at: string;
      /**
       * @description The folder shared, with everything below it.
       * @example ~/projects/q3
       */
      path: string;
    };
    FolderSharesDto: {
      /** @description The shares, by folder path (code-point order), then by when they were made. */
      shares: components['schemas']['FolderShareDto'][];
    };
    RevisionListItemDto: {
      /**
       * @description The version number: 1 at create, one more at each update.
       * @example 3
       */
      version: number;
      /**
       * Format: date-time
       * @description When this version was written (UTC, milliseconds).
       * @example 2024-05-02T14:05:09.456Z
       */
      created_at: string;
      /**
       * @description Who wrote it; `null` for versions written before revisions were kept, or by a user who no
       *     longer exists.
       */
      user: components['schemas']['UserDetailsDto'] | null;
      /**
       * @description The title this version had.
       * @example Quarterly report (draft)
       */
      title: string;
    };
    RevisionListDto: {
      /** @description Newest first; the first item of page 1 is the current version. */
      revisions: components['schemas']['RevisionListItemDto'][];
      /** @description Where this page is among all pages. */
      pagination: components['schemas']['PaginationDto'];
    };
    RevisionDto: {
      /**
       * @description The version number: 1 at create, one more at each update.
       * @example 3
       */
      version: number;
      /**
       * Format: date-time
       * @description When this version was written (UTC, milliseconds).
       * @example 2024-05-02T14:05:09.456Z
       */
      created_at: string;
      /**
       * @description Who wrote it; `null` for versions written before revisions were kept, or by a user who no
       *     longer exists.
       */
      user: components['schemas']['UserDetailsDto'] | null;
      /**
       * @description The title this version had.
       * @example Quarterly report (draft)
       */
      title: string;
      /**
       * @description The HTML this version had (sanitised, as stored).
       * @example <p>First figures.</p>
       */
      html: string;
    };
    TrashItemDto: {
      /**
       * Format: uuid
       * @description The document's UUID: restore it with `POST /api/v1/trash/{uuid}/restore`.
       * @example 3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60
       */
      uuid: string;
      /**
       * Format: date-time
       * @description When it was deleted (UTC, milliseconds).
       * @example 2024-05-02T14:05:09.456Z
       */
      deleted_at: string;
      /**
       * Format: date-time
       * @description When it is deleted for good: `TRASH_RETENTION_DAYS` after `deleted_at` (by the purge job's
       *     first run from then on).
       * @example 2024-06-01T14:05:09.456Z
       */
      purge_at: string;
      /**
       * @description Its title.
       * @example Quarterly report
       */
      title: string;
      /**
       * @description The folder it was in, and comes back to.
       * @example ~/reports/2024
       */
      path: string;
    };
    TrashListDto: {
      /** @description Most recently deleted first. */
      docs: components['schemas']['TrashItemDto'][];
      /** @description Where this page is among all pages. */
      pagination: components['schemas']['PaginationDto'];
    };
    SearchResultDto: {
      /**
       * Format: uuid
       * @description The document's UUID, used in `/api/v1/docs/{uuid}`.
       * @example 3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60
       */
      uuid: string;
      /**
       * @description The folder the document is in (`~/a/b` or `~`), for its owner only (`null` otherwise).
       * @example ~/reports/2024
       */
      path: string | null;
      /**
       * @description Your role on the document.
       * @example owner
       * @enum {string}
       */
      role: 'owner' | 'editor' | 'viewer';
      /**
       * Format: date-time
       * @description When the document last changed (UTC, milliseconds).
       * @example 2024-05-02T14:05:09.456Z
       */
      updated_at: string;
      /** @example 3 */
      version: number;
      /** @example Quarterly report */
      title: string;
      /**
       * @description Up to 200 characters of the document's text around the first match, the matched words in
       *     `<mark>`, everything else HTML-escaped (safe to insert into a page as it is), `…` where the
       *     text is cut; the text's beginning when only the title matches.
       * @example …the <mark>quarterly</mark> figures and the <mark>report</mark> of the board &amp; its…
       */
      snippet: string;
    };
    SearchResultsDto: {
      results: components['schemas']['SearchResultDto'][];
      pagination: components['schemas']['PaginationDto'];
    };
    CreateWebhookDto: {
      /**
       * Format: uri
       * @description Where events are sent (`POST`): an `https://` URL whose host is a public address (checked
       *     now and again before each delivery).
       * @example https://example.com/hooks/docs
       */
      url: string;
      /**
       * @description The events wanted, or `["*"]` for every event (those added later too).
       * @example [
       *       "document.created",
       *       "document.updated"
       *     ]
       */
      events: (
        | 'document.created'
        | 'document.updated'
        | 'document.deleted'
        | 'document.restored'
        | 'document.purged'
        | 'member.added'
        | 'member.removed'
        | 'document.group_shared'
        | 'document.group_unshared'
        | 'folder.shared'
        | 'folder.unshared'
        | 'group.member_added'
        | 'group.member_removed'
        | '*'
      )[];
      /**
       * @description A note for you, up to 256 characters.
       * @example Team chat notices
       */
      description?: string;
    };
    CreatedWebhookDto: {
      /**
       * Format: uuid
       * @description Its id.
       * @example 0b6f2c1e-8d4a-4f3b-9c2d-5e6f7a8b9c0d
       */
      id: string;
      /**
       * Format: uri
       * @example https://example.com/hooks/docs
       */
      url: string;
      /**
       * @example [
       *       "document.created",
       *       "document.updated"
       *     ]
       */
      events: (
        | 'document.created'
        | 'document.updated'
        | 'document.deleted'
        | 'document.restored'
        | 'document.purged'
        | 'member.added'
        | 'member.removed'
        | 'document.group_shared'
        | 'document.group_unshared'
        | 'folder.shared'
        | 'folder.unshared'
        | 'group.member_added'
        | 'group.member_removed'
        | '*'
      )[];
      /** @example Team chat notices */
      description: string | null;
      /** @description Why the service turned it off (after 50 failed attempts in a row); null otherwise. */
      disabled_reason: string | null;
      /**
       * Format: date-time
       * @example 2024-05-02T14:05:09.456Z
       */
      created_at: string;
      /**
       * @description Verifies the signature of each delivery (Standard Webhooks): keep it; it is never shown again.
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7kF3vXeCOpE=
       */
      secret: string;
      /**
       * @description Whether events are written and delivered for it.
       * @example true
       */
      active: boolean;
    };
    WebhookDto: {
      /**
       * Format: uuid
       * @description Its id.
       * @example 0b6f2c1e-8d4a-4f3b-9c2d-5e6f7a8b9c0d
       */
      id: string;
      /**
       * Format: uri
       * @example https://example.com/hooks/docs
       */
      url: string;
      /**
       * @example [
       *       "document.created",
       *       "document.updated"
       *     ]
       */
      events: (
        | 'document.created'
        | 'document.updated'
        | 'document.deleted'
        | 'document.restored'
        | 'document.purged'
        | 'member.added'
        | 'member.removed'
        | 'document.group_shared'
        | 'document.group_unshared'
        | 'folder.shared'
        | 'folder.unshared'
        | 'group.member_added'
        | 'group.member_removed'
        | '*'
      )[];
      /** @example Team chat notices */
      description: string | null;
      /** @description Why the service turned it off (after 50 failed attempts in a row); null otherwise. */
      disabled_reason: string | null;
      /**
       * Format: date-time
       * @example 2024-05-02T14:05:09.456Z
       */
      created_at: string;
      /**
       * @description Whether events are written and delivered for it.
       * @example true
       */
      active: boolean;
    };
    WebhookListDto: {
      /** @description Your webhooks, oldest first. */
      webhooks: components['schemas']['WebhookDto'][];
    };
    UpdateWebhookDto:
      | {
          /**
           * Format: uri
           * @description A new target, checked as on create.
           * @example https://example.com/hooks/docs-v2
           */
          url?: string;
          /**
           * @description The events wanted from now on.
           * @example [
           *       "*"
           *     ]
           */
          events?: (
            | 'document.created'
            | 'document.updated'
            | 'document.deleted'
            | 'document.restored'
            | 'document.purged'
            | 'member.added'
            | 'member.removed'
            | 'document.group_shared'
            | 'document.group_unshared'
            | 'folder.shared'
            | 'folder.unshared'
            | 'group.member_added'
            | 'group.member_removed'
            | '*'
          )[];
          /**
           * @description `false` pauses it (no events are written for it meanwhile); `true` resumes it, also after
           *     the service disabled it for failing, with its pending deliveries.
           * @example true
           */
          active?: boolean;
        }
      | {
          url: string;
        }
      | {
          events: unknown[];
        }
      | {
          active: boolean;
        };
    DeliveryAttemptDto: {
      /**
       * @example document.updated
       * @enum {string}
       */
      type:
        | 'document.created'
        | 'document.updated'
        | 'document.deleted'
        | 'document.restored'
        | 'document.purged'
        | 'member.added'
        | 'member.removed'
        | 'document.group_shared'
        | 'document.group_unshared'
        | 'folder.shared'
        | 'folder.unshared'
        | 'group.member_added'
        | 'group.member_removed';
      /**
       * @description The receiver's HTTP status; null when none came.
       * @example 200
       */
      status_code: number | null;
      /** @description Why no status came (timed out, refused, unreachable); null otherwise. */
      error: string | null;
      /**
       * Format: date-time
       * @description When it was made.
       * @example 2024-05-02T14:05:09.456Z
       */
      delivered_at: string;
      /**
       * Format: date-time
       * @description When it is tried again; null after a success or the last attempt.
       */
      next_attempt_at: string | null;
      /**
       * @description The event (`Webhook-Id`).
       * @example evt_5f0c6d2a9e8b47c1a3d4e5f60718293a
       */
      event_id: string;
      /**
       * @description 1 for the first attempt.
       * @example 1
       */
      attempt: number;
      /** @example 42 */
      duration_ms: number;
    };
    DeliveryListDto: {
      /** @description Attempts of the last 7 days, newest first. */
      deliveries: components['schemas']['DeliveryAttemptDto'][];
      pagination: components['schemas']['PaginationDto'];
    };
    HealthDto: {
      /**
       * @description Always `ok` in a 200 answer.
       * @example ok
       * @enum {string}
       */
      status: 'ok';
      /**
       * @description The database answered.
       * @example up
       * @enum {string}
       */
      database: 'up';
    };
    LiveDto: {
      /**
       * @description Always `ok` in a 200 answer.
       * @example ok
       * @enum {string}
       */
      status: 'ok';
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listUsers: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Items per page, 1 to 100. */
        per_page?: number;
        /**
         * @description Only users whose e-mail, first name or last name begins with this (letter case ignored);
         *     empty: every user.
         */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of users. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserAccountListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "q must be at most 320 characters"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: an admin route needs a token with admin; this token has docs:read, docs:write"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateUserDto'];
      };
    };
    responses: {
      /** @description The user. Its address is in `Location`. */
      201: {
        headers: {
          /** @description Address of the new user */
          Location?: string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserAccountDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "email must be a valid e-mail address"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: an admin route needs a token with admin; this token has docs:read, docs:write"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description A user with this e-mail exists. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "a user with e-mail ada@example.com already exists"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserAccountDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: an admin route needs a token with admin; this token has docs:read, docs:write"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no such user"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateUserDto'];
      };
    };
    responses: {
      /** @description The user as they are now. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserAccountDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "you cannot deactivate yourself: ask another admin"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: an admin route needs a token with admin; this token has docs:read, docs:write"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no such user"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description You and your token. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MeDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listTokens: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Tokens per page, 1 to 100. */
        per_page?: number;
        /** @description `active` (the default): the tokens that work now; `all`: revoked and expired ones too. */
        state?: 'active' | 'all';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of your tokens. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "state must be one of active, all"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTokenDto'];
      };
    };
    responses: {
      /** @description The token, with its secret. Its address is in `Location`. */
      201: {
        headers: {
          /** @description Address of the new token */
          Location?: string;
          /** @description `no-store` */
          'Cache-Control'?: string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedTokenDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "expires_in_days must be at most 365 (TOKENS_MAX_DAYS)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: a new token may have only the scopes of the token making it (docs:read, tokens:write); docs:write is not among them"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The token. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no such token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  revokeToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no such token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listUserTokens: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Tokens per page, 1 to 100. */
        per_page?: number;
        /** @description `active` (the default): the tokens that work now; `all`: revoked and expired ones too. */
        state?: 'active' | 'all';
      };
      header?: never;
      path: {
        /** @description The user’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the user’s tokens. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "state must be one of active, all"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: an admin route needs a token with admin; this token has docs:read, docs:write"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no such user"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listFolders: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Folders per page, 1 to 1,000. */
        per_page?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The folders of the page, possibly none. */
      200: {
        headers: {
          /** @description How many folders the user has, on all pages. */
          'X-Total-Count'?: number;
          /** @description The next and previous pages, where there are: `</api/v1/folders?page=3&per_page=1000>; rel="next"` (RFC 8288). */
          Link?: string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FolderDto'][];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "per_page must be an integer between 1 and 1000"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listGroups: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Items per page, 1 to 100. */
        per_page?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of your groups. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "per_page must be an integer between 1 and 100"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createGroup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateGroupDto'];
      };
    };
    responses: {
      /** @description The group. */
      201: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "name must not be empty"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Another group has this name (names are unique ignoring letter case). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "a group named \"Finance\" already exists (names are unique ignoring letter case)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The group’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The group. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such group, or you are not in it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "group not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  deleteGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The group’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only a manager may change this group or its members; you are a member"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such group, or you are not in it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "group not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  updateGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The group’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateGroupDto'];
      };
    };
    responses: {
      /** @description The group as it is now. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "at least one of name or description must be given"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only a manager may change this group or its members; you are a member"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such group, or you are not in it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "group not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Another group has this name (names are unique ignoring letter case). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "a group named \"Finance\" already exists (names are unique ignoring letter case)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listGroupMembers: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Items per page, 1 to 100. */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description The group’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the members. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupMemberListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "per_page must be an integer between 1 and 100"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such group, or you are not in it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "group not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  addGroupMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The group’s id. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddGroupMemberDto'];
      };
    };
    responses: {
      /** @description The user was in the group; their role is now this. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupMemberDto'];
        };
      };
      /** @description The user was added. */
      201: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GroupMemberDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "a group needs a manager: make another member a manager first, or delete the group"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only a manager may change this group or its members; you are a member"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no user with e-mail grace@example.com"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  removeGroupMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The group’s id. */
        id: number;
        /** @description The id of the user to remove (`user.id` in the members); your own to leave. */
        user_id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "a group needs a manager: make another member a manager first, or delete the group"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only a manager may change this group or its members; you are a member"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "user 7 is not a member of this group"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listDocs: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Documents per page, 1 to 100. */
        per_page?: number;
        /** @description Only your own documents directly in this folder of yours (not in its subfolders), for example `~/reports/2024`; a folder that does not exist gives no documents. Leave it out to list all of them. `~` (the home folder) or `~/name/...`. Whitespace around `~` and around each folder name is trimmed; a folder name is then 1 to 255 characters, not `.` or `..`, without `/` or control characters. The whole path is at most 64 folder names and 4,096 characters after trimming. */
        path?: string;
        /** @description Only the documents where you have this role: `owner` (your own), `editor` or `viewer` (shared with you). */
        role?: 'owner' | 'editor' | 'viewer';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of documents and the pagination info. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "per_page must be an integer between 1 and 100"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request line and headers are larger than 64 KiB (every folder path of up to 4,096 characters fits in the query, however it is encoded). */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request headers are larger than the 64 KiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createDoc: {
    parameters: {
      query?: never;
      header?: {
        /** @description A key of your choosing for this create, 1 to 255 visible ASCII characters; a new UUID is a good one (`5b9a3c1e-8f2d-4e6a-b7c0-2d4f6a8b1c3e`). Retry with the same key and body to get the first answer instead of a second document. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateDocDto'];
      };
    };
    responses: {
      /** @description Created; the body has the new document’s UUID. A replay of an earlier request with the same `Idempotency-Key` is the same answer, with `Idempotency-Replayed: true`. */
      201: {
        headers: {
          /** @description Address of the new document */
          Location?: string;
          /** @description `true` when this answer repeats the first one for the same `Idempotency-Key` (nothing was created); absent otherwise. */
          'Idempotency-Replayed'?: 'true';
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedDocDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "title must be a string"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description A request with the same `Idempotency-Key` is still in progress; retry after `Retry-After` seconds to get its answer. */
      409: {
        headers: {
          /** @description Seconds until the first request’s hold on the key runs out. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "a request with this Idempotency-Key is still in progress; retry in 30 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The `Idempotency-Key` was already used with a different request body. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "this Idempotency-Key was already used with a different request body"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getDoc: {
    parameters: {
      query?: never;
      header?: {
        /** @description The `ETag` of a copy you have (`"3"`), a comma-separated list of them, or `*`: if the document is still a version named (weak tags such as `W/"3"` count too), the answer is `304` with the `ETag` and no body, whatever `Cache-Control` the request carries. */
        'If-None-Match'?: string;
      };
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          /** @description The document’s version as a strong entity tag, for `If-Match` and `If-None-Match`. */
          ETag?: string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocDetailDto'];
        };
      };
      /** @description The document is still the version named in `If-None-Match`; no body. */
      304: {
        headers: {
          /** @description The document’s version as a strong entity tag, for `If-Match` and `If-None-Match`. */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "uuid must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  updateDoc: {
    parameters: {
      query?: never;
      header?: {
        /** @description Only if the document is still this version: its `ETag` (`"3"`), a comma-separated list of them, or `*` (any version). Weak tags (`W/"3"`) never match; a value of another form is `400`. */
        'If-Match'?: string;
      };
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateDocDto'];
      };
    };
    responses: {
      /** @description Updated; `ETag` is the new version. */
      204: {
        headers: {
          /** @description The document’s version as a strong entity tag, for `If-Match` and `If-None-Match`. */
          ETag?: string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "at least one of title, html or path must be given"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The document is no longer the version named in `If-Match`: nothing was changed. The message and the `ETag` header give the current version; fetch it and apply the change again. */
      412: {
        headers: {
          /** @description The current version, as a strong entity tag (`"4"`). */
          ETag: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "the document has changed: its current version is 4 (ETag \"4\"); fetch it and apply your change again"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  deleteDoc: {
    parameters: {
      query?: never;
      header?: {
        /** @description Only if the document is still this version: its `ETag` (`"3"`), a comma-separated list of them, or `*` (any version). Weak tags (`W/"3"`) never match; a value of another form is `400`. */
        'If-Match'?: string;
      };
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description In the trash. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "uuid must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The document is no longer the version named in `If-Match`: nothing was changed. The message and the `ETag` header give the current version; fetch it and apply the change again. */
      412: {
        headers: {
          /** @description The current version, as a strong entity tag (`"4"`). */
          ETag: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "the document has changed: its current version is 4 (ETag \"4\"); fetch it and apply your change again"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listDocUsers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document’s users. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocUserDto'][];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "uuid must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  shareDoc: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddDocUserDto'];
      };
    };
    responses: {
      /** @description The user had the document; their role is now this. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocUserDto'];
        };
      };
      /** @description The user was added. */
      201: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocUserDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "role must be editor or viewer (a document has exactly one owner)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only the owner may share or unshare this document; you are an editor"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no user with e-mail grace@example.com"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  unshareDoc: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID. */
        uuid: string;
        /** @description The id of the user to remove (`user.id` in the document’s users); your own to leave. */
        user_id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "the owner cannot leave their document; delete it instead"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only the owner may share or unshare this document; you are a viewer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "user 7 is not a user of this document"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listDocGroups: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The groups. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocGroupDto'][];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "uuid must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  shareDocWithGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddDocGroupDto'];
      };
    };
    responses: {
      /** @description The group had the document; its role is now this. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocGroupDto'];
        };
      };
      /** @description The group was given the document. */
      201: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocGroupDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "role must be editor or viewer (a document has exactly one owner)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only the owner may share or unshare this document; you are an editor"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "group not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  unshareDocWithGroup: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
        /** @description The id of the group to take the document back from. */
        group_id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Taken back. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "group_id must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only the owner may share or unshare this document; you are an editor"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "the document is not shared with group 3"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listFolderShares: {
    parameters: {
      query?: {
        /** @description Only the shares that reach this folder of yours: its own and its ancestors' (`~` included), for example `~/projects/q3`. Leave it out for all your shares. `~` (the home folder) or `~/name/...`. Whitespace around `~` and around each folder name is trimmed; a folder name is then 1 to 255 characters, not `.` or `..`, without `/` or control characters. The whole path is at most 64 folder names and 4,096 characters after trimming. */
        path?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The shares. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FolderSharesDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "path must be \"~\" or start with \"~/\", as in \"~/projects/2024\""
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request line and headers are larger than 64 KiB (every folder path of up to 4,096 characters fits in the query, however it is encoded). */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request headers are larger than the 64 KiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  shareFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddFolderShareDto'];
      };
    };
    responses: {
      /** @description The folder was shared with them; the role is now this. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FolderShareDto'];
        };
      };
      /** @description The folder is shared. */
      201: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FolderShareDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "give either email (a user) or group_id (a group), not both"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "no user with e-mail grace@example.com"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request body is larger than 5 MiB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body is larger than the 5 MiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The JSON body is not in UTF-8 (a `charset` other than `utf-8`), or is sent with a `Content-Encoding` other than `identity`, `gzip`, `deflate` or `br`. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request body must be UTF-8 (Content-Type: application/json; charset=utf-8)"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  unshareFolder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the folder share. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description You have no folder share with this id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "folder share not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listRevisions: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Items per page, 1 to 100. */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of versions and the pagination info. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RevisionListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "per_page must be an integer between 1 and 100"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getRevision: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
        /** @description The version number (`version` in the list of revisions). */
        version: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The version. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RevisionDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "version must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "version 2 of this document does not exist or is no longer kept"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  restoreRevision: {
    parameters: {
      query?: never;
      header?: {
        /** @description Only if the document is still this version: its `ETag` (`"3"`), a comma-separated list of them, or `*` (any version). Weak tags (`W/"3"`) never match; a value of another form is `400`. */
        'If-Match'?: string;
      };
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
        /** @description The version number (`version` in the list of revisions). */
        version: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Restored: the document as it is now; `ETag` is its new version. */
      200: {
        headers: {
          /** @description The document’s version as a strong entity tag, for `If-Match` and `If-None-Match`. */
          ETag?: string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocDetailDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "version must be a positive integer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "only the owner or an editor may change this document; you are a viewer"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "version 2 of this document does not exist or is no longer kept"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The document is no longer the version named in `If-Match`: nothing was changed. The message and the `ETag` header give the current version; fetch it and apply the change again. */
      412: {
        headers: {
          /** @description The current version, as a strong entity tag (`"4"`). */
          ETag: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "the document has changed: its current version is 4 (ETag \"4\"); fetch it and apply your change again"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listTrash: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Items per page, 1 to 100. */
        per_page?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the trash and the pagination info. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TrashListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "per_page must be an integer between 1 and 100"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  restoreFromTrash: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Restored: the document, as `GET /api/v1/docs/{uuid}` returns it. */
      200: {
        headers: {
          /** @description The document’s version as a strong entity tag, for `If-Match` and `If-None-Match`. */
          ETag?: string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocDetailDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "uuid must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found in your trash"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  purgeFromTrash: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The document’s UUID, as returned on creation. */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted for good. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "uuid must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "document not found in your trash"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  searchDocs: {
    parameters: {
      query: {
        /** @description What to find: every word must be in the title or the text (case and accents do not matter: `cafe` finds `café`); `"a phrase"` finds those words next to each other; the last word also finds words it begins (`repo` finds `report`). Chinese, Japanese and Korean text is found by its words (`数据库` finds `我们讨论数据库迁移`, `東京` finds `東京都の天気`, `서울` finds `서울에서`). At most 256 characters and 32 words, with at least one letter or digit (a `q` whose letters make no word, such as a Thai vowel sign alone, finds nothing). */
        q: string;
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Results per page, 1 to 100. */
        per_page?: number;
        /** @description Only your own documents in this folder of yours and its subfolders, for example `~/reports` (`~`: all your own documents). `~` (the home folder) or `~/name/...`. Whitespace around `~` and around each folder name is trimmed; a folder name is then 1 to 255 characters, not `.` or `..`, without `/` or control characters. The whole path is at most 64 folder names and 4,096 characters after trimming. */
        path?: string;
        /** @description Only the documents where you have this role: `owner` (your own), `editor` or `viewer` (shared with you). */
        role?: 'owner' | 'editor' | 'viewer';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of matches and the pagination info (`total_count` is exact). */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SearchResultsDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "q must not be empty"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The request line and headers are larger than 64 KiB (every folder path of up to 4,096 characters fits in the query, however it is encoded). */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "request headers are larger than the 64 KiB limit"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Your webhooks. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookListDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookDto'];
      };
    };
    responses: {
      /** @description Created, with its secret. */
      201: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhookDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "url must not point to 127.0.0.1: a loopback address"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook’s id, as returned on creation. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The webhook, without its secret. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "webhook not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook’s id, as returned on creation. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "id must be a UUID"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "webhook not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook’s id, as returned on creation. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookDto'];
      };
    };
    responses: {
      /** @description The webhook as it is now. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "at least one of url, events or active must be given"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "webhook not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Page number, from 1. A page past the end is empty. */
        page?: number;
        /** @description Items per page, 1 to 100. */
        per_page?: number;
      };
      header?: never;
      path: {
        /** @description The webhook’s id, as returned on creation. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the log. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryListDto'];
        };
      };
      /** @description The request breaks a rule; the message says which. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "per_page must be an integer between 1 and 100"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Missing, unknown, expired or revoked bearer token. */
      401: {
        headers: {
          /** @description The bearer challenge, as in `Bearer realm="api"`. */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "missing bearer token"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The token's scope, or your role on the document or in the group, does not allow this; the message says which, and who may. */
      403: {
        headers: {
          /**
           * @description Sent when the token's scope is what is missing (RFC 6750 §3.1): a token made with `--scope docs:read` may only read, one with `tokens:write` alone only manage tokens.
           * @example Bearer error="insufficient_scope", scope="docs:write"
           */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "insufficient scope: writing needs a token with docs:write; this token has docs:read"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description No such document for this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "webhook not found"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description Unexpected failure; nothing internal is disclosed. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "internal server error"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The database answers. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The process answers. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LiveDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready for requests. */
      200: {
        headers: {
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining'?: number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthDto'];
        };
      };
      /** @description Over the rate limit: per token, or per client address without a valid token. Successful answers carry the same `X-RateLimit-*` headers while a limit applies. */
      429: {
        headers: {
          /** @description Seconds until the limit resets. */
          'Retry-After': string;
          /** @description Requests allowed per window for this token (or client address). */
          'X-RateLimit-Limit': number;
          /** @description Requests left in the current window; `0` on a 429. */
          'X-RateLimit-Remaining': number;
          /** @description Seconds until the budget is back; on a 429 the same as `Retry-After`. */
          'X-RateLimit-Reset': number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "rate limit exceeded: at most 600 requests per 60 s; retry in 42 s"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description The database does not answer, or the request took too long; retry later. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After': string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "error": "database is unavailable"
           *     }
           */
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
}
