# Test child: a real Python program with a dialog drawn the way TUIs draw them — a title, a numbered option list
# with a `❯` selection marker, a key hint — then, after HOLD seconds, it exits. No rule set knows it.
import sys, time
HOLD = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
out = sys.stdout
out.write("\x1b[2J\x1b[H")
out.write("Deploy tool 0.1\r\n\r\n")
out.write("Run migration 0042 on production?\r\n\r\n")
out.write("\u276f 1. Yes, run it now\r\n")
out.write("  2. Yes, and skip the smoke tests\r\n")
out.write("  3. No\r\n\r\n")
out.write("Enter to select \u00b7 Esc to cancel")
out.flush()
time.sleep(HOLD)
out.write("\r\n\r\ncancelled\r\n")
out.flush()
