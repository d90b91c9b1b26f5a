/** Words of the account that make a password containing them weaker. */
export const accountWords = (a: {
  first_name: string | null;
  last_name: string | null;
  display_name: string;
  email: string | null;
  app_name: string | null;
}): string[] => [a.first_name, a.last_name, a.display_name, a.email, a.app_name].filter((w) => w !== null);
