#!/usr/bin/env bash
# Plays a match by the keys' buttons alone, as a phone player does (no key pressed), and checks
# each does what its key does.
#
# You at South against the easy computer at North (`carrom play --mode singles`), on a fixed
# board with the coach's hints on, in a 1280x960 window under Xvfb with a data directory of its own. The game logs its
# buttons as they change ("buttons on screen: [...]", with `RUST_LOG` asking for them) and
# xdotool clicks them by their labels: Hint (the coach's line must be logged), Take it, Aim >,
# Harder, Strike (the referee's call must follow), Save (the save's words, and the file), Menu
# twice (the second confirms), Continue (the match on the board again), Guide, Turn board, and
# Strike again. The screen is captured to keys-playthrough.png in the build's target directory
# (`$CARGO_TARGET_DIR`, else `target/`), or to `$OUT`.
#
#   scripts/keys-playthrough.sh [path/to/carrom]   (default: target/release/carrom)
# Needs: xvfb, xdotool, imagemagick, python3.
set -euo pipefail
source "$(dirname "$0")/lib/xvfb-player.sh"
start_play_through keys-playthrough.png 500 "${1:-}"
export_button_log
log="$work/game.log"
"$carrom" play --mode singles --computer north --level easy --names You,Computer \
  --hints --fixed-board --seed 3 > "$log" 2>&1 &
game=$!
focus_game "$log"

# Your turn, asked of the coach, taken and struck by the buttons; $turns counts the turns'
# lines ("striker at window") up to the stroke.
turns=0
strike_by_buttons() {
  await_more "$log" "striker at window" "$turns" 90 "your turn" || return 1
  local coach calls
  coach=$(grep -ac "Coach: " "$log" || true)
  press_button "$log" Hint
  await_more "$log" "Coach: " "$coach" 60 "the coach's hint" || return 1
  press_button "$log" "Take it"
  press_button "$log" "Aim >"
  press_button "$log" Harder
  calls=$(grep -ac "Law" "$log" || true)
  turns=$(grep -ac "striker at window" "$log")
  press_button "$log" Strike
  await_more "$log" "Law" "$calls" 60 "the referee's call on the stroke" || return 1
}

strike_by_buttons
# Your turn again (the turn kept, or after the computer's): saved, left for the menu and
# continued.
await_more "$log" "striker at window" "$turns" 90 "your second turn"
press_button "$log" Save
await_more "$log" "Saved as " 0 10 "the save's words"
saved=$(grep -ao "Saved as [^ ]*" "$log" | tail -1 | cut -d' ' -f3)
find "$work" -name "$saved" | grep -q . || { echo "no file $saved in $work"; exit 1; }
press_button "$log" Menu
press_button "$log" Menu
press_button "$log" Continue prefix
press_button "$log" Guide
press_button "$log" "Turn board"
press_button "$log" "Turn board"
strike_by_buttons
sleep 2
import -window root "$out"
echo "$presses buttons clicked, no key pressed; the coach's hints:"
grep -ao "Coach: .*" "$log"
echo "saved as $saved; the calls:"
grep -a "Law" "$log" | sed 's/^.*carrom[^ ]* //' | tail -4
echo "screen: $out"
