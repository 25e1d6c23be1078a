"""The lessons as a classroom app: Voilà with our page template and kernels kept ready.

``python -m classroom notebooks [Voilà's options]`` is what ``tasks.py app`` runs: Voilà,
with the kernel pools of ``classroom.pools`` (the lesson of the day run in advance, refilled
one kernel at a time once pupils stop arriving) and the page template in
``classroom/jupyter/voila/templates/minibridge`` (no request leaves the server).
"""
