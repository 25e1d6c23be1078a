"""Run the classroom app: ``python -m classroom notebooks --port=8866 ...`` (see tasks.py app)."""
from classroom.pools import main

if __name__ == "__main__":
    main()
