/** Limits of tanod evaluations (product §4.9), shared by the server's rules and the web form. */
export const EVALUATION_LIMITS = {
  commentMaxLength: 500,
  nameMaxLength: 80,
  /** One directory rating per tanod per device (or per signed-in resident) in this time. */
  ratingCooldownMs: 30 * 24 * 60 * 60_000,
  /** Visible comments shown per tanod in the directory, newest first. */
  recentComments: 3,
  searchMaxLength: 80,
} as const;
