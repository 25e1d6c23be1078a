"""``python -m translators compile``: the translators' tool's command (translators.catalogue)."""
import sys

from translators.catalogue import main

if __name__ == "__main__":
    sys.exit(main())
