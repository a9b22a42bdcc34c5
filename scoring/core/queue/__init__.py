"""The task queue's own machinery, for every feature that queues work (django-tasks'
database backend, ``settings.TASKS``): a failure that may pass tried again later
(``retries``), the e-mail sent through the queue (``mail``), and what a killed worker
left put back to run again (``sweep``, when ``manage.py run_worker`` starts).
"""
