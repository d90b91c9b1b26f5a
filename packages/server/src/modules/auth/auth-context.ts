/** Who is calling: resolved from the bearer token and the live session row on every request. */
export interface AuthContext {
  sessionId: string;
  accountId: number;
  companyId: number;
  roomId: number;
  accountType: number;
  isAdmin: boolean;
}
