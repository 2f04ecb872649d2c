/** Text placed into an HTML mail: every character that could open markup becomes an entity. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
