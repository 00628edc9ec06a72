export interface GitHubStandInUser {
  id: number;
  login: string;
  name: string;
  email: string;
  avatar_url: string;
}
export const GITHUB_USER: GitHubStandInUser;
export function startGitHubStandIn(options?: {
  port?: number;
  user?: GitHubStandInUser;
  verified?: boolean;
}): Promise<{
  url: string;
  user: GitHubStandInUser;
  issueToken: () => string;
  stop: () => Promise<void>;
}>;
