/** The greeting for the hour of the day (local time): morning until noon, afternoon until 18:00, then evening. */
export function greetingKey(
  hour: number,
): 'shell.home.morning' | 'shell.home.afternoon' | 'shell.home.evening' {
  if (hour >= 5 && hour < 12) return 'shell.home.morning';
  if (hour >= 12 && hour < 18) return 'shell.home.afternoon';
  return 'shell.home.evening';
}
