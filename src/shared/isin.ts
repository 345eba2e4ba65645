/**
 * An ISIN (ISO 6166): two letters for the country, nine letters or digits, and a check digit
 * computed with the Luhn algorithm over the code's letters written as numbers (A = 10 … Z = 35).
 */
export function isValidIsin(value: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(value)) return false;
  const digits = [...value]
    .map((char) => (char >= "A" && char <= "Z" ? String(char.charCodeAt(0) - 55) : char))
    .join("");
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
