#!/usr/bin/env bash
# Plays a tournament's game by mouse, as a person would, through to the updated tournament.
#
# A knockout of two, You and the hard computer (a tournament file made here, in the game's data
# folder), in a 1280x960 window under Xvfb. The menu's Tournament opens the page; its Play puts
# the final on the board (the VKK game: six boards or 25 points, the toss's winner breaking).
# Each of your turns the game logs where the striker is ("striker at window (x, y)"); xdotool
# presses on it, pulls back in small moves and lets go (a soft stroke); Enter dismisses
# anything waiting (a due to place, a board's result). When the match summary appears, Enter
# presses its Tournament button: the page must come up with the final played and a champion,
# and the tournament's file must have the game's boards and its replay. The page is captured
# to tournament-playthrough.png in the build's target directory, or to `$OUT`.
#
#   scripts/tournament-playthrough.sh [path/to/carrom]   (default: target/release/carrom)
# Needs: xvfb, xdotool, imagemagick (apt-get install xvfb xdotool imagemagick).
set -euo pipefail
minutes="${MINUTES:-20}"
source "$(dirname "$0")/lib/xvfb-player.sh"
start_play_through tournament-playthrough.png 600 "${1:-}"
file="$work/tournaments/tournament-000003.json"
"$carrom" tournament new --format knockout --players "You,computer:hard" --seed 3 --out "$file" >/dev/null

"$carrom" play > "$work/game.log" 2>&1 &
game=$!
focus_game "$work/game.log"
sleep 3

click_at() { # x y
  xdotool mousemove "$1" "$2"; sleep 0.3; xdotool click 1; sleep 1
}
click_at 300 542   # the menu's Tournament
click_at 334 146   # Play: the final

deadline=$(( $(date +%s) + minutes * 60 ))
play_until_summary "$work/game.log" "$deadline" || exit 1
sleep 3
key_in_game Return   # the summary's Tournament button
sleep 3
import -window root "$out"
echo "summary shown after $strokes strokes by mouse: $(grep -o 'Match summary.*' "$work/game.log" | head -1)"
standings=$("$carrom" tournament standings "$file")
echo "$standings" | grep -q "Champion: " || { echo "no champion in the file:"; echo "$standings"; exit 1; }
echo "$standings" | grep "Game 1 (final)\|Champion"
ls "$work/tournaments/tournament-000003-games/game-001.json" >/dev/null
echo "page: $out"
