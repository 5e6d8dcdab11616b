/** SPEC section 2: a link is active when its path is a prefix of the current one (/users for /users/42). */
export function isActiveLink(linkPath: string, pathname: string): boolean {
  return pathname === linkPath || pathname.startsWith(`${linkPath}/`);
}
