#!/usr/bin/env bash
# Plays a three-player point game by mouse, as a person would, and checks its summary appears.
#
# The casual text's three players against each other for points (`--mode three`, the `points`
# rules): you at South, the computers at East and North (easy), on a fixed board, in a 1280x960
# window under Xvfb. Each of your turns: the game logs where the striker is; xdotool presses on
# it, pulls back in small moves and lets go (a soft stroke); Enter dismisses anything waiting (a
# piece to place). The game ends when every man is down or a player reaches 17 points: the
# summary must appear in the log ("Match summary: ... wins the game"); the screen is captured
# to points-playthrough.png in the build's target directory, or to `$OUT`.
#
#   scripts/points-playthrough.sh [path/to/carrom]   (default: target/release/carrom)
# Needs: xvfb, xdotool, imagemagick.
set -euo pipefail
minutes="${MINUTES:-15}"
source "$(dirname "$0")/lib/xvfb-player.sh"
start_play_through points-playthrough.png 600 "${1:-}"

"$carrom" play --mode three --computer east,north --level easy --names You,Mei,Ravi \
  --fixed-board --seed 3 > "$work/game.log" 2>&1 &
game=$!

focus_game "$work/game.log"

deadline=$(( $(date +%s) + minutes * 60 ))
play_until_summary "$work/game.log" "$deadline" || exit 1
sleep 2
import -window root "$out"
summary=$(grep -o 'Match summary.*' "$work/game.log" | head -1)
echo "summary shown after $strokes strokes by mouse: $summary"
echo "$summary" | grep -q "wins the game (Points: You " || { echo "not the point game's summary"; exit 1; }
echo "screen: $out"
