# Test child: a real Python program with a dialog drawn the way TUIs draw them — a title, a numbered option list
# with a `❯` selection marker, a key hint — reading keys in raw mode as TUIs do; after HOLD seconds without a key
# it gives up and exits. No rule set knows it.
import os, select, sys, termios, tty
HOLD = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
out = sys.stdout
saved = termios.tcgetattr(0) if os.isatty(0) else None
if saved is not None:
    tty.setraw(0)
out.write("\x1b[2J\x1b[H")
out.write("Deploy tool 0.1\r\n\r\n")
out.write("Run migration 0042 on production?\r\n\r\n")
out.write("\u276f 1. Yes, run it now\r\n")
out.write("  2. Yes, and skip the smoke tests\r\n")
out.write("  3. No\r\n\r\n")
out.write("Enter to select \u00b7 Esc to cancel")
out.flush()
select.select([0], [], [], HOLD)
if saved is not None:
    termios.tcsetattr(0, termios.TCSADRAIN, saved)
out.write("\r\n\r\ncancelled\r\n")
out.flush()
