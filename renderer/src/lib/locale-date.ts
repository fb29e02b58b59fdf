/**
 * A calendar day typed and shown in the reader's locale (27/11/2026 in pt-BR and es, 11/27/2026 in
 * en), kept as `yyyy-mm-dd` by the forms. Chromium draws `<input type="date">` in the browser's
 * own language whatever the page's, so the filters type days as text through these. Pure (Intl
 * only), unit-tested in Node.
 */

type Part = 'day' | 'month' | 'year';

interface DayOrder {
  order: Part[];
  separator: string;
}

const orders = new Map<string, DayOrder>();

/** The order of day, month and year in the locale's short date, and what separates them. */
function dayOrder(locale: string): DayOrder {
  let known = orders.get(locale);
  if (!known) {
    const parts = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(2026, 10, 27));
    const order = parts
      .map((part) => part.type)
      .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
    const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
    known = { order: order.length === 3 ? order : ['year', 'month', 'day'], separator };
    orders.set(locale, known);
  }
  return known;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `yyyy-mm-dd` as the locale writes it; anything else is returned as it is. */
export function formatDay(iso: string, locale: string): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return iso;
  const value: Record<Part, string> = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
  const { order, separator } = dayOrder(locale);
  return order.map((part) => value[part]).join(separator);
}

/**
 * A day typed in the locale's order (any of / . - as separators, one or two digits for day and
 * month), or as `yyyy-mm-dd`, to `yyyy-mm-dd`; null when it is not a day that exists.
 */
export function parseDay(text: string, locale: string): string | null {
  const typed = text.trim();
  const iso = ISO_DAY.exec(typed);
  const numbers = iso ? [iso[1], iso[2], iso[3]] : typed.split(/[/.\-\s]+/);
  const order: Part[] = iso ? ['year', 'month', 'day'] : dayOrder(locale).order;
  if (numbers.length !== 3 || numbers.some((n) => !/^\d+$/.test(n ?? ''))) return null;
  const value = { year: 0, month: 0, day: 0 };
  order.forEach((part, index) => (value[part] = Number(numbers[index])));
  const yearText = numbers[order.indexOf('year')] ?? '';
  if (yearText.length !== 4) return null;
  const date = new Date(value.year, value.month - 1, value.day);
  if (
    date.getFullYear() !== value.year ||
    date.getMonth() !== value.month - 1 ||
    date.getDate() !== value.day
  ) {
    return null;
  }
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${value.year}-${two(value.month)}-${two(value.day)}`;
}
