"""Each game's guided first round (coach.lesson): ``coach/lessons/<game>.py``, its ``LESSON`` and
its ``MOMENTS``. The lessons' moves are written by scripts/make_lessons.py."""
