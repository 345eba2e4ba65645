/** Downloads what the server answers at `href` (an export), as the browser saves a linked file. */
export function download(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}
