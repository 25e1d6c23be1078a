"""The lessons as a classroom app: Voilà with our page template and kernels kept ready.

``python -m classroom notebooks [--warm=30] [Voilà's options]`` is what ``tasks.py app`` runs:
Voilà, with the kernel pools of ``classroom.pools`` (the lesson of the day run in advance, and
``--warm`` kernels with the course's modules imported for any other lesson, refilled one kernel
at a time once pupils stop arriving), the contents page finished once at the start and sent with
no kernel (``classroom.contents``), pages sent from templates compiled once (``classroom.pages``),
and the page template in ``classroom/jupyter/voila/templates/minibridge`` (no request leaves the
server). The tables a class shares are a package of their own, ``shared_tables``.
"""
